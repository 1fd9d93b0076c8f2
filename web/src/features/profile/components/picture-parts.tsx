import { Trans, useLingui } from '@lingui/react/macro';
import type { RefObject } from 'react';
import { Button } from '@/components/ui/button';

/** The camera's live preview, with Take photo (once the video plays) and Stop camera. */
export function CameraPreview({ videoRef, ready, pending, onReady, onTake, onStop }: {
  videoRef: RefObject<HTMLVideoElement | null>; ready: boolean; pending: boolean; onReady: () => void; onTake: () => void; onStop: () => void;
}) {
  const { t } = useLingui();
  return (
    <div className="space-y-2">
      <video ref={videoRef} autoPlay playsInline muted onLoadedMetadata={onReady} className="w-full rounded-lg bg-black" aria-label={t`Camera preview`} />
      <div className="flex gap-2">
        <Button disabled={!ready || pending} onClick={onTake}><Trans>Take photo</Trans></Button>
        <Button variant="ghost" onClick={onStop}><Trans>Stop camera</Trans></Button>
      </div>
    </div>
  );
}

/** The upload's progress, in percent. */
export function UploadProgress({ percent }: { percent: number }) {
  const { t } = useLingui();
  return (
    <div
      role="progressbar"
      aria-label={t`Upload progress`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 w-full overflow-hidden rounded-full bg-surface-2"
    >
      <div className="h-full bg-primary transition-all" style={{ width: `${percent}%` }} />
    </div>
  );
}
