import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { PROFILE_PICTURE_MAX_FILES, PROFILE_PICTURE_TYPES } from '@torcedor/shared/constants';
import { Camera, ImageUp } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { ApiError, errorText } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useUploadProfilePicture } from '../api/set-profile-picture';
import { CameraPreview, UploadProgress } from './picture-parts';
import { useCamera } from './use-camera';
import { usePictureFile } from './use-picture-file';

/** The spec's exact note (its size agrees with PROFILE_PICTURE_MAX_BYTES), shown with `i18n._`. */
export const PICTURE_NOTE = msg`Choose a photo or take one with your camera. Max file size: 5MB.`;

/** The upload's failure as the member reads it: the server's or the upload's own message, else the fallback. */
function uploadFailure(e: unknown, fallback: string): string {
  if (e instanceof ApiError) return errorText(e, fallback);
  return e instanceof Error && e.message ? e.message : fallback;
}

/**
 * The profile picture dialog: one photo, chosen from files or taken with the camera, uploaded only when the
 * member presses Upload (with a progress bar), then registered as the picture. The camera stops when the
 * dialog closes. The dialog stays open while an upload runs.
 */
export function PictureDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useLingui();
  const upload = useUploadProfilePicture();
  const change = (o: boolean) => {
    if (!o && upload.isPending) return;
    if (!o) upload.reset();
    onOpenChange(o);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      {open ? (
        <DialogContent title={t`Update Profile Picture`} description={i18n._(PICTURE_NOTE)}>
          <PictureForm upload={upload} onDone={() => change(false)} onCancel={() => change(false)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function PictureForm({ upload, onDone, onCancel }: {
  upload: ReturnType<typeof useUploadProfilePicture>; onDone: () => void; onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const picture = usePictureFile();
  const [progress, setProgress] = useState<number | null>(null);

  const choose = (candidate: File | null) => {
    upload.reset();
    setProgress(null);
    if (candidate) picture.choose(candidate);
  };
  const { videoRef, stream, starting, videoReady, onVideoReady, error: cameraError, start, stop, takePhoto } = useCamera(choose);

  const onFiles = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = '';
    if (files.length > PROFILE_PICTURE_MAX_FILES) return picture.refuse(t`Please choose one photo only.`);
    stop();
    choose(files[0] ?? null);
  };

  const submit = () => {
    const { file } = picture;
    if (!file) return;
    setProgress(0);
    upload.mutate({ file, onProgress: setProgress }, {
      onSuccess: () => {
        toast({ title: t`Profile picture updated successfully!`, variant: 'success' });
        onDone();
      },
      onError: (err) => {
        setProgress(null);
        toast({ title: t`Upload Failed`, description: uploadFailure(err, t`Failed to update profile picture`), variant: 'error' });
      },
    });
  };

  const pending = upload.isPending;
  const { file, preview, error } = picture;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          accept={PROFILE_PICTURE_TYPES.join(',')}
          className="sr-only"
          aria-label={t`Choose a photo`}
          disabled={pending}
          onChange={onFiles}
        />
        <Button variant="outline" disabled={pending} onClick={() => fileInput.current?.click()}>
          <ImageUp className="h-4 w-4" aria-hidden />
          <Trans>Choose photo</Trans>
        </Button>
        {stream ? null : (
          <Button variant="outline" disabled={pending || starting} onClick={() => void start()}>
            <Camera className="h-4 w-4" aria-hidden />
            {starting ? t`Starting camera...` : t`Use camera`}
          </Button>
        )}
      </div>

      {cameraError ? <p role="alert" className="text-sm text-danger">{i18n._(cameraError)}</p> : null}
      {stream ? <CameraPreview videoRef={videoRef} ready={videoReady} pending={pending} onReady={onVideoReady} onTake={takePhoto} onStop={stop} /> : null}

      {error ? <p role="alert" className="text-sm text-danger">{error}</p> : null}
      {file ? (
        <div className="flex items-center gap-3">
          {preview ? <img src={preview} alt={t`Selected photo`} className="h-20 w-20 rounded-full object-cover" /> : null}
          <p className="min-w-0 truncate text-sm text-muted">{file.name}</p>
        </div>
      ) : null}

      {progress !== null ? <UploadProgress percent={Math.round(progress * 100)} /> : null}

      <div className="flex justify-end gap-2">
        <Button variant="outline" disabled={pending} onClick={onCancel}><Trans>Cancel</Trans></Button>
        <Button disabled={!file || pending} onClick={submit}>{pending ? t`Uploading...` : t`Upload`}</Button>
      </div>
    </div>
  );
}
