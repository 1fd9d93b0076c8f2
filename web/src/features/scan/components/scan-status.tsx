import { BAND_UNREADABLE_MESSAGE } from '@torcedor/shared/constants';
import type { ScanProgress } from '../lib/ocr';
import type { Phase } from './use-band-scan';

/** The progress line: what is happening, and how far along (the percentage belongs to the progress bar). */
function progressLabel(p: ScanProgress): string {
  if (p.stage === 'loading') return 'Loading the band reader';
  return p.attempts > 1 && p.attempt > 1 ? `Reading the band (try ${p.attempt} of ${p.attempts})` : 'Reading the band';
}

function ProgressBar({ label, value }: { label: string; value: number }) {
  const percent = Math.max(0, Math.min(100, Math.round(value * 100)));
  return (
    <div className="space-y-1">
      <div
        role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={`${label}: ${percent}%`}
        className="h-2 w-full overflow-hidden rounded-full bg-surface-2"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <span className="sr-only">{label}</span>
      <p className="text-sm text-muted" aria-hidden>{label}... {percent}%</p>
    </div>
  );
}

/** The scan's live status: reading progress, the catalog lookup, its outcome, and the second opinion's upload. */
export function ScanStatus({ phase, uploadProgress }: { phase: Phase; uploadProgress: number | null }) {
  return (
    <div role="status" aria-live="polite" className="space-y-3">
      {phase.kind === 'reading' ? <ProgressBar label={progressLabel(phase.progress)} value={phase.progress.progress} /> : null}
      {phase.kind === 'identifying' ? <p className="text-sm text-muted">Looking the band up in the catalog...</p> : null}
      {phase.kind === 'unreadable' ? <p className="text-lg font-semibold">{BAND_UNREADABLE_MESSAGE}</p> : null}
      {phase.kind === 'failed' ? <p className="font-semibold text-danger">{phase.message}</p> : null}
      {phase.kind === 'matched' ? (
        <p className="text-sm text-muted">
          {phase.items.length === 1 ? '1 match' : `${phase.items.length} matches`}
          {phase.seen ? ` from the server's reading${phase.seen.brand || phase.seen.line ? `: ${[phase.seen.brand, phase.seen.line].filter(Boolean).join(' ')}` : ''}` : ''}
        </p>
      ) : null}
      {uploadProgress !== null ? <ProgressBar label="Sending the photo for a second opinion" value={uploadProgress} /> : null}
    </div>
  );
}
