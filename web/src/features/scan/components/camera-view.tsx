import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Camera } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { guideRect } from '../lib/pipeline';

/**
 * Why the camera could not be used, in words for the member (the file option stays either way), in the active
 * language (each read when shown).
 */
export const CAMERA_MESSAGES = {
  get refused() { return t`Camera access was refused. Allow the camera for this site in your browser settings, or choose a photo instead.`; },
  get missing() { return t`No camera was found. Choose a photo instead.`; },
  get unsupported() { return t`This browser cannot open the camera here. Choose a photo instead.`; },
  get failed() { return t`The camera could not be started. Choose a photo instead.`; },
};
type CameraProblem = keyof typeof CAMERA_MESSAGES;

function cameraProblem(error: unknown): CameraProblem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'refused';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  return 'failed';
}

/** Whether the browser can open a camera at all (not over plain http, nor in an old browser). */
const cameraSupported = () => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

type CameraState = { kind: 'starting' } | { kind: 'live'; width: number; height: number } | { kind: 'unavailable'; problem: CameraProblem };

/**
 * The live camera preview (the back camera on a phone), with the framing guide drawn where the capture is read
 * (guideRect, in percentages of the video's own size: the video is shown whole, never cropped, so the box on screen
 * is the box read). Capture hands the video element to `onCapture`. The camera stops when this unmounts.
 */
export function CameraView({ onCapture, busy = false }: { onCapture: (video: HTMLVideoElement) => void; busy?: boolean }) {
  // Redrawn in a new language (the texts below read the active one).
  useLingui();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>(() =>
    cameraSupported() ? { kind: 'starting' } : { kind: 'unavailable', problem: 'unsupported' },
  );

  useEffect(() => {
    if (!cameraSupported()) return;
    let stream: MediaStream | null = null;
    let closed = false;
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment', width: { ideal: 1920 }, height: { ideal: 1080 } }, audio: false })
      .then(async (s) => {
        if (closed) {
          s.getTracks().forEach((t) => t.stop());
          return;
        }
        stream = s;
        const el = video.current;
        if (!el) return;
        el.srcObject = s;
        await el.play().catch(() => undefined);
      })
      .catch((error: unknown) => {
        if (!closed) setState({ kind: 'unavailable', problem: cameraProblem(error) });
      });
    return () => {
      closed = true;
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  if (state.kind === 'unavailable') {
    return <p role="alert" className="rounded-md border border-border bg-surface-2 p-4 text-sm">{CAMERA_MESSAGES[state.problem]}</p>;
  }
  const guide = state.kind === 'live' ? guideRect(state.width, state.height) : null;
  const pct = (v: number, of: number) => `${(v / of) * 100}%`;
  return (
    <div className="space-y-3">
      <div className={cn('relative mx-auto w-full max-w-2xl overflow-hidden rounded-lg bg-black', state.kind === 'starting' && 'min-h-48')}>
        <video
          ref={video}
          aria-label={t`Camera preview`}
          className="block h-auto w-full"
          playsInline
          muted
          onLoadedMetadata={(e) => setState({ kind: 'live', width: e.currentTarget.videoWidth, height: e.currentTarget.videoHeight })}
        />
        {guide && state.kind === 'live' ? (
          <div
            data-testid="framing-guide"
            aria-hidden
            className="pointer-events-none absolute rounded-md border-2 border-primary shadow-[0_0_0_9999px_rgba(0,0,0,0.45)]"
            style={{ left: pct(guide.x, state.width), top: pct(guide.y, state.height), width: pct(guide.width, state.width), height: pct(guide.height, state.height) }}
          />
        ) : null}
        {state.kind === 'starting' ? <p className="absolute inset-0 flex items-center justify-center text-sm text-white"><Trans>Starting the camera...</Trans></p> : null}
      </div>
      <p className="text-center text-sm text-muted"><Trans>Lay the band flat inside the box, lettering level, and hold still.</Trans></p>
      <div className="flex justify-center">
        <Button size="lg" onClick={() => video.current && onCapture(video.current)} disabled={state.kind !== 'live' || busy}>
          <Camera className="h-5 w-5" aria-hidden /><Trans>Capture</Trans>
        </Button>
      </div>
    </div>
  );
}
