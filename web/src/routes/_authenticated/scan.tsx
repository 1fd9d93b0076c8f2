import { createFileRoute } from '@tanstack/react-router';
import { ScanPage } from '@/features/scan/components/scan-page';

/**
 * Band scan (docs/band-scan.md): its own chunk, like every route; the OCR engine (tesseract.js, its core and the
 * language data) loads only once a scan starts.
 */
export const Route = createFileRoute('/_authenticated/scan')({
  component: ScanRoute,
});

function ScanRoute() {
  return <ScanPage />;
}
