import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { ImageUp, RotateCcw, Sparkles } from 'lucide-react';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, PageTitle } from '@/components/ui/card';
import { config } from '@/config';
import { bandCatalogQuery } from '../api/get-band-catalog';
import { captureFrame, decodePhoto, type BandPhoto } from '../lib/capture';
import { readBand, stopOcr, type ScanProgress } from '../lib/ocr';
import type { BandReading } from '../lib/pipeline';
import { CameraView } from './camera-view';
import { MatchList } from './match-list';
import { ScanStatus } from './scan-status';
import { useBandScan } from './use-band-scan';

/**
 * What the scan page does with a photo, injectable so the page can be tested without a camera or an OCR engine:
 * the real ones grab the camera frame or decode a file (lib/capture) and read it on the device (lib/ocr).
 */
export interface Scanner {
  capture: (video: HTMLVideoElement) => Promise<BandPhoto>;
  decode: (file: File) => Promise<BandPhoto>;
  read: (photo: BandPhoto, onProgress: (p: ScanProgress) => void) => Promise<BandReading>;
  stop: () => Promise<void> | void;
}

const deviceScanner: Scanner = { capture: captureFrame, decode: decodePhoto, read: readBand, stop: stopOcr };

/** A photo's object URL for the preview, revoked when the photo changes or the page closes. */
function usePhotoUrl(photo: BandPhoto | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!photo) {
      setUrl(null);
      return;
    }
    const u = URL.createObjectURL(photo.jpeg);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [photo]);
  return url;
}

/** Where the catalog's rows are read from (and kept under by the service worker). */
const bandCatalogUrl = `${config.VITE_API_ORIGIN}${routes.getBandCatalog.path}`;

/**
 * /scan (docs/band-scan.md, "On the device"): the camera with a framing guide, or a chosen photo; the band read on
 * the device with progress; the text as read; the best catalog matches with what to do with each. Nothing readable,
 * or nothing that fits, says BAND_UNREADABLE_MESSAGE with Try again. When the server has a vision model, the member
 * may ask for a second opinion, which uploads the photo (the only time it leaves the device). When the server does not
 * answer (offline), the device matches the band itself against the catalog kept from an earlier visit.
 */
export function ScanPage({ scanner = deviceScanner }: { scanner?: Scanner }) {
  const { t } = useLingui();
  const { phase, photo, visionAvailable, uploadProgress, scan, again, askServer, asking, askedServer } = useBandScan(scanner);
  const photoUrl = usePhotoUrl(photo);
  const fileId = useId();

  // The OCR engine holds tens of MB: stopped when the member leaves the page.
  useEffect(() => () => void scanner.stop(), [scanner]);
  // Ready for a scan offline: the catalog's rows are read (and kept by the service worker) when none were kept today.
  const queryClient = useQueryClient();
  useEffect(() => {
    void import('../lib/offline-match').then(async ({ needsBandCatalog }) => {
      if (await needsBandCatalog(bandCatalogUrl)) await queryClient.prefetchQuery(bandCatalogQuery);
    });
  }, [queryClient]);

  const capture = (video: HTMLVideoElement) => void scan(scanner.capture(video));
  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) void scan(scanner.decode(file));
  };

  const done = phase.kind === 'matched' || phase.kind === 'unreadable' || phase.kind === 'failed';
  const readText = 'text' in phase && phase.text ? phase.text : null;

  return (
    <div className="space-y-6">
      <PageTitle title={t`Scan a Band`} subtitle={t`Point your camera at a cigar band and we will find the cigar in the catalog.`} />

      <Card className="space-y-4">
        {phase.kind === 'ready' ? (
          <CameraView onCapture={capture} />
        ) : photoUrl ? (
          <img src={photoUrl} alt={t`The band photo`} className="mx-auto max-h-64 rounded-lg object-contain" />
        ) : null}

        {phase.kind === 'ready' ? (
          <div className="flex flex-col items-center gap-2">
            <span className="text-sm text-muted"><Trans>or</Trans></span>
            <label htmlFor={fileId} className={buttonClass('outline', 'md', 'cursor-pointer')}>
              <ImageUp className="h-4 w-4" aria-hidden /><Trans>Choose a photo</Trans>
            </label>
            <input id={fileId} type="file" accept="image/*" capture="environment" className="sr-only" onChange={choose} />
          </div>
        ) : null}

        <ScanStatus phase={phase} uploadProgress={uploadProgress} />

        {readText ? (
          <section aria-labelledby="scan-read-text">
            <h2 id="scan-read-text" className="text-sm font-semibold uppercase tracking-wide text-muted"><Trans>Read on the band</Trans></h2>
            <pre className="mt-1 whitespace-pre-wrap rounded-md bg-surface-2 p-3 font-mono text-sm">{readText}</pre>
          </section>
        ) : null}

        {done ? (
          <div className="flex flex-wrap gap-2">
            <Button variant={phase.kind === 'matched' ? 'outline' : 'primary'} onClick={again}>
              <RotateCcw className="h-4 w-4" aria-hidden />{phase.kind === 'matched' ? t`Scan another band` : t`Try again`}
            </Button>
            {visionAvailable && photo && !askedServer && !(phase.kind === 'matched' && phase.offline) ? (
              <Button variant="outline" onClick={askServer} disabled={asking}>
                <Sparkles className="h-4 w-4" aria-hidden />{asking ? t`Asking the server...` : t`Ask the server for a second opinion`}
              </Button>
            ) : null}
          </div>
        ) : null}

        <p className="text-xs text-muted">
          <Trans>
            The band is read on this device: only the text it reads is sent to find the cigar. The photo never leaves your
            device unless you ask the server for a second opinion (it is deleted once read).
          </Trans>
        </p>
      </Card>

      {phase.kind === 'matched' ? (
        <section aria-labelledby="scan-matches">
          <h2 id="scan-matches" className="mb-3 text-xl font-semibold"><Trans>Matches</Trans></h2>
          <MatchList items={phase.items} offline={phase.offline === true} />
        </section>
      ) : null}
    </div>
  );
}
