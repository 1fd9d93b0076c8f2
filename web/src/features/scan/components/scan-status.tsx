import { plural, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { ScanProgress } from '../lib/ocr';
import type { Phase } from './use-band-scan';

/** The progress line: what is happening, and how far along (the percentage belongs to the progress bar). */
function progressLabel(p: ScanProgress): string {
  if (p.stage === 'loading') return t`Loading the band reader`;
  const { attempt, attempts } = p;
  return attempts > 1 && attempt > 1 ? t`Reading the band (try ${attempt} of ${attempts})` : t`Reading the band`;
}

function ProgressBar({ label, value }: { label: string; value: number }) {
  const percent = Math.max(0, Math.min(100, Math.round(value * 100)));
  useLingui();
  return (
    <div className="space-y-1">
      <div
        role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={t`${label}: ${percent}%`}
        className="h-2 w-full overflow-hidden rounded-full bg-surface-2"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <span className="sr-only">{label}</span>
      <p className="text-sm text-muted" aria-hidden>{t`${label}... ${percent}%`}</p>
    </div>
  );
}

/** How many matches, and, for the server's second opinion, what it read (catalog words, not translated). */
function matchedText(count: number, seen: { brand?: string | null; line?: string | null } | undefined): string {
  if (!seen) return t({ message: plural(count, { one: '# match', other: '# matches' }) });
  const read = [seen.brand, seen.line].filter(Boolean).join(' ');
  if (!read) return t({ message: plural(count, { one: "# match from the server's reading", other: "# matches from the server's reading" }) });
  return t({ message: plural(count, { one: `# match from the server's reading: ${read}`, other: `# matches from the server's reading: ${read}` }) });
}

/** The scan's live status: reading progress, the catalog lookup, its outcome, and the second opinion's upload. */
export function ScanStatus({ phase, uploadProgress }: { phase: Phase; uploadProgress: number | null }) {
  useLingui();
  return (
    <div role="status" aria-live="polite" className="space-y-3">
      {phase.kind === 'reading' ? <ProgressBar label={progressLabel(phase.progress)} value={phase.progress.progress} /> : null}
      {phase.kind === 'identifying' ? <p className="text-sm text-muted">{t`Looking the band up in the catalog...`}</p> : null}
      {phase.kind === 'unreadable' ? <p className="text-lg font-semibold">{t`Hold the band flat and fill the frame`}</p> : null}
      {phase.kind === 'failed' ? <p className="font-semibold text-danger">{phase.message}</p> : null}
      {phase.kind === 'matched' ? (
        <p className="text-sm text-muted">{matchedText(phase.items.length, phase.seen)}</p>
      ) : null}
      {uploadProgress !== null ? <ProgressBar label={t`Sending the photo for a second opinion`} value={uploadProgress} /> : null}
    </div>
  );
}
