import { BAND_UNREADABLE_MESSAGE } from '@torcedor/shared/constants';
import type { RouteResponse } from '@torcedor/shared/route';
import type { routes } from '@torcedor/shared/routes';
import { ImageUp, RotateCcw, Sparkles } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, PageTitle } from '@/components/ui/card';
import { errorText } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useIdentifyCigar } from '../api/identify-cigar';
import { useIdentifyCigarImage } from '../api/identify-cigar-image';
import { captureFrame, decodePhoto, type BandPhoto } from '../lib/capture';
import { readBand, stopOcr, type ScanProgress } from '../lib/ocr';
import { cleanBandText, hasReadableText, type BandReading } from '../lib/pipeline';
import { CameraView } from './camera-view';
import { MatchList } from './match-list';

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

type Match = RouteResponse<typeof routes.identifyCigar>['items'][number];
type Phase =
  | { kind: 'ready' }
  | { kind: 'reading'; progress: ScanProgress }
  | { kind: 'identifying'; text: string }
  | { kind: 'matched'; text: string; items: Match[]; seen?: RouteResponse<typeof routes.identifyCigarImage>['seen'] }
  | { kind: 'unreadable'; text: string }
  | { kind: 'failed'; text: string; message: string };

export const SCAN_MESSAGES = {
  readFailed: 'The band could not be read on this device. Try again, or choose a clearer photo.',
  identifyFailed: 'The cigar could not be identified. Please try again.',
  secondOpinionFailed: 'The second opinion is not available right now',
} as const;

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

/**
 * /scan (docs/band-scan.md, "On the device"): the camera with a framing guide, or a chosen photo; the band read on
 * the device with progress; the text as read; the best catalog matches with what to do with each. Nothing readable,
 * or nothing that fits, says BAND_UNREADABLE_MESSAGE with Try again. When the server has a vision model, the member
 * may ask for a second opinion, which uploads the photo (the only time it leaves the device).
 */
export function ScanPage({ scanner = deviceScanner }: { scanner?: Scanner }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'ready' });
  const [photo, setPhoto] = useState<BandPhoto | null>(null);
  const [visionAvailable, setVisionAvailable] = useState(false);
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const photoUrl = usePhotoUrl(photo);
  const identify = useIdentifyCigar();
  const secondOpinion = useIdentifyCigarImage();
  /** The current scan: a newer one (Try again) makes the older one's late answers void. */
  const run = useRef(0);
  const fileId = useId();

  // The OCR engine holds tens of MB: stopped when the member leaves the page.
  useEffect(() => () => void scanner.stop(), [scanner]);

  const scan = async (take: Promise<BandPhoto>) => {
    const id = ++run.current;
    const current = () => run.current === id;
    setPhase({ kind: 'reading', progress: { stage: 'loading', progress: 0, attempt: 1, attempts: 1 } });
    let taken: BandPhoto;
    try {
      taken = await take;
    } catch (e) {
      if (current()) setPhase({ kind: 'failed', text: '', message: e instanceof Error ? e.message : SCAN_MESSAGES.readFailed });
      return;
    }
    if (!current()) return;
    setPhoto(taken);
    let text: string;
    try {
      const reading = await scanner.read(taken, (progress) => { if (current()) setPhase({ kind: 'reading', progress }); });
      text = cleanBandText(reading.text);
    } catch {
      if (current()) setPhase({ kind: 'failed', text: '', message: SCAN_MESSAGES.readFailed });
      return;
    }
    if (!current()) return;
    if (!hasReadableText(text)) {
      setPhase({ kind: 'unreadable', text });
      return;
    }
    setPhase({ kind: 'identifying', text });
    try {
      const result = await identify.mutateAsync({ text });
      if (!current()) return;
      setVisionAvailable(result.visionAvailable);
      setPhase(result.items.length ? { kind: 'matched', text, items: result.items } : { kind: 'unreadable', text });
    } catch (err) {
      if (current()) setPhase({ kind: 'failed', text, message: errorText(err, SCAN_MESSAGES.identifyFailed) });
    }
  };

  const capture = (video: HTMLVideoElement) => void scan(scanner.capture(video));
  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) void scan(scanner.decode(file));
  };
  const again = () => {
    run.current++;
    secondOpinion.reset();
    setUploadProgress(null);
    setPhoto(null);
    setPhase({ kind: 'ready' });
  };
  const askServer = () => {
    if (!photo) return;
    const id = run.current;
    const text = 'text' in phase ? phase.text : '';
    setUploadProgress(0);
    secondOpinion.mutate({ photo: new File([photo.jpeg], 'band.jpg', { type: 'image/jpeg' }), onProgress: setUploadProgress }, {
      onSuccess: (result) => {
        if (run.current !== id) return;
        setPhase(result.items.length ? { kind: 'matched', text, items: result.items, seen: result.seen } : { kind: 'unreadable', text });
      },
      onError: (err) => toast({ title: SCAN_MESSAGES.secondOpinionFailed, description: errorText(err, 'Please try again later.'), variant: 'error' }),
      onSettled: () => setUploadProgress(null),
    });
  };

  const done = phase.kind === 'matched' || phase.kind === 'unreadable' || phase.kind === 'failed';
  const readText = 'text' in phase && phase.text ? phase.text : null;
  const askedServer = secondOpinion.isSuccess;

  return (
    <div className="space-y-6">
      <PageTitle title="Scan a Band" subtitle="Point your camera at a cigar band and we will find the cigar in the catalog." />

      <Card className="space-y-4">
        {phase.kind === 'ready' ? (
          <CameraView onCapture={capture} />
        ) : photoUrl ? (
          <img src={photoUrl} alt="The band photo" className="mx-auto max-h-64 rounded-lg object-contain" />
        ) : null}

        {phase.kind === 'ready' ? (
          <div className="flex flex-col items-center gap-2">
            <span className="text-sm text-muted">or</span>
            <label htmlFor={fileId} className={buttonClass('outline', 'md', 'cursor-pointer')}>
              <ImageUp className="h-4 w-4" aria-hidden />Choose a photo
            </label>
            <input id={fileId} type="file" accept="image/*" capture="environment" className="sr-only" onChange={choose} />
          </div>
        ) : null}

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

        {readText ? (
          <section aria-labelledby="scan-read-text">
            <h2 id="scan-read-text" className="text-sm font-semibold uppercase tracking-wide text-muted">Read on the band</h2>
            <pre className="mt-1 whitespace-pre-wrap rounded-md bg-surface-2 p-3 font-mono text-sm">{readText}</pre>
          </section>
        ) : null}

        {done ? (
          <div className="flex flex-wrap gap-2">
            <Button variant={phase.kind === 'matched' ? 'outline' : 'primary'} onClick={again}>
              <RotateCcw className="h-4 w-4" aria-hidden />{phase.kind === 'matched' ? 'Scan another band' : 'Try again'}
            </Button>
            {visionAvailable && photo && !askedServer ? (
              <Button variant="outline" onClick={askServer} disabled={secondOpinion.isPending}>
                <Sparkles className="h-4 w-4" aria-hidden />{secondOpinion.isPending ? 'Asking the server...' : 'Ask the server for a second opinion'}
              </Button>
            ) : null}
          </div>
        ) : null}

        <p className="text-xs text-muted">
          The band is read on this device: only the text it reads is sent to find the cigar. The photo never leaves your
          device unless you ask the server for a second opinion (it is deleted once read).
        </p>
      </Card>

      {phase.kind === 'matched' ? (
        <section aria-labelledby="scan-matches">
          <h2 id="scan-matches" className="mb-3 text-xl font-semibold">Matches</h2>
          <MatchList items={phase.items} />
        </section>
      ) : null}
    </div>
  );
}
