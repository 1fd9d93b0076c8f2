import { PROFILE_PICTURE_MAX_FILES, PROFILE_PICTURE_TYPES } from '@torcedor/shared/constants';
import { Camera, ImageUp } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { validateImage } from '@/lib/api/upload-image';
import { ApiError, errorText } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useUploadProfilePicture } from '../api/set-profile-picture';

/** The spec's exact note; the test checks its size agrees with PROFILE_PICTURE_MAX_BYTES. */
export const PICTURE_NOTE = 'Choose a photo or take one with your camera. Max file size: 5MB.';
const FALLBACK = 'Failed to update profile picture';
const ONE_FILE = 'Please choose one photo only.';
const CAMERA_DENIED = 'Camera access was denied. Allow camera access in your browser settings, or choose a photo instead.';
const CAMERA_MISSING = 'No camera was found. Choose a photo instead.';
const CAMERA_UNSUPPORTED = 'This browser cannot use a camera here. Choose a photo instead.';
const CAMERA_FAILED = 'Could not start the camera. Choose a photo instead.';
const CAPTURE_FAILED = 'Could not take the photo. Please try again.';

/** What the member reads when a camera could not be started. */
function cameraMessage(e: unknown): string {
  const name = e instanceof DOMException || e instanceof Error ? e.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return CAMERA_DENIED;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return CAMERA_MISSING;
  return CAMERA_FAILED;
}

/** The upload's failure as the member reads it: the server's or the upload's own message, else the fallback. */
function uploadFailure(e: unknown): string {
  if (e instanceof ApiError) return errorText(e, FALLBACK);
  return e instanceof Error && e.message ? e.message : FALLBACK;
}

/**
 * The profile picture dialog: one photo, chosen from files or taken with the camera, uploaded only when the
 * member presses Upload (with a progress bar), then registered as the picture. The camera stops when the
 * dialog closes. The dialog stays open while an upload runs.
 */
export function PictureDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const upload = useUploadProfilePicture();
  const change = (o: boolean) => {
    if (!o && upload.isPending) return;
    if (!o) upload.reset();
    onOpenChange(o);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      {open ? (
        <DialogContent title="Update Profile Picture" description={PICTURE_NOTE}>
          <PictureForm upload={upload} onDone={() => change(false)} onCancel={() => change(false)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function PictureForm({ upload, onDone, onCancel }: {
  upload: ReturnType<typeof useUploadProfilePicture>; onDone: () => void; onCancel: () => void;
}) {
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [starting, setStarting] = useState(false);
  const [videoReady, setVideoReady] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);

  const stopCamera = useCallback(() => {
    streamRef.current?.getTracks().forEach((t) => t.stop());
    streamRef.current = null;
    setStream(null);
    setVideoReady(false);
  }, []);

  // The camera never outlives the dialog.
  useEffect(() => () => streamRef.current?.getTracks().forEach((t) => t.stop()), []);
  useEffect(() => {
    if (video.current && stream) video.current.srcObject = stream;
  }, [stream]);
  // The preview's object URL is freed when it is replaced and when the dialog closes.
  const previewRef = useRef<string | null>(null);
  useEffect(() => () => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
  }, []);
  const showPreview = (f: File | null) => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = f && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(f) : null;
    setPreview(previewRef.current);
  };

  const choose = (candidate: File | null) => {
    upload.reset();
    setProgress(null);
    if (!candidate) return;
    const refused = validateImage(candidate);
    setError(refused);
    setFile(refused ? null : candidate);
    showPreview(refused ? null : candidate);
  };

  const onFiles = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = '';
    if (files.length > PROFILE_PICTURE_MAX_FILES) {
      setError(ONE_FILE);
      setFile(null);
      showPreview(null);
      return;
    }
    stopCamera();
    choose(files[0] ?? null);
  };

  const startCamera = async () => {
    setCameraError(null);
    if (!navigator.mediaDevices?.getUserMedia) return setCameraError(CAMERA_UNSUPPORTED);
    setStarting(true);
    try {
      const s = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' }, audio: false });
      streamRef.current?.getTracks().forEach((t) => t.stop());
      streamRef.current = s;
      setStream(s);
    } catch (e) {
      setCameraError(cameraMessage(e));
    } finally {
      setStarting(false);
    }
  };

  const takePhoto = () => {
    const v = video.current;
    if (!v) return;
    const canvas = document.createElement('canvas');
    canvas.width = v.videoWidth || 640;
    canvas.height = v.videoHeight || 480;
    const ctx = canvas.getContext('2d');
    if (!ctx) return setCameraError(CAPTURE_FAILED);
    ctx.drawImage(v, 0, 0, canvas.width, canvas.height);
    canvas.toBlob((blob) => {
      if (!blob) return setCameraError(CAPTURE_FAILED);
      stopCamera();
      choose(new File([blob], `camera-${Date.now()}.jpg`, { type: 'image/jpeg' }));
    }, 'image/jpeg', 0.9);
  };

  const submit = () => {
    if (!file) return;
    setProgress(0);
    upload.mutate({ file, onProgress: setProgress }, {
      onSuccess: () => {
        toast({ title: 'Profile picture updated successfully!', variant: 'success' });
        onDone();
      },
      onError: (err) => {
        setProgress(null);
        toast({ title: 'Upload Failed', description: uploadFailure(err), variant: 'error' });
      },
    });
  };

  const pending = upload.isPending;
  const percent = progress === null ? null : Math.round(progress * 100);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          accept={PROFILE_PICTURE_TYPES.join(',')}
          className="sr-only"
          aria-label="Choose a photo"
          disabled={pending}
          onChange={onFiles}
        />
        <Button variant="outline" disabled={pending} onClick={() => fileInput.current?.click()}>
          <ImageUp className="h-4 w-4" aria-hidden />
          Choose photo
        </Button>
        {stream ? null : (
          <Button variant="outline" disabled={pending || starting} onClick={() => void startCamera()}>
            <Camera className="h-4 w-4" aria-hidden />
            {starting ? 'Starting camera...' : 'Use camera'}
          </Button>
        )}
      </div>

      {cameraError ? <p role="alert" className="text-sm text-danger">{cameraError}</p> : null}
      {stream ? (
        <div className="space-y-2">
          <video ref={video} autoPlay playsInline muted onLoadedMetadata={() => setVideoReady(true)} className="w-full rounded-lg bg-black" aria-label="Camera preview" />
          <div className="flex gap-2">
            <Button disabled={!videoReady || pending} onClick={takePhoto}>Take photo</Button>
            <Button variant="ghost" onClick={stopCamera}>Stop camera</Button>
          </div>
        </div>
      ) : null}

      {error ? <p role="alert" className="text-sm text-danger">{error}</p> : null}
      {file ? (
        <div className="flex items-center gap-3">
          {preview ? <img src={preview} alt="Selected photo" className="h-20 w-20 rounded-full object-cover" /> : null}
          <p className="min-w-0 truncate text-sm text-muted">{file.name}</p>
        </div>
      ) : null}

      {percent !== null ? (
        <div
          role="progressbar"
          aria-label="Upload progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 w-full overflow-hidden rounded-full bg-surface-2"
        >
          <div className="h-full bg-primary transition-all" style={{ width: `${percent}%` }} />
        </div>
      ) : null}

      <div className="flex justify-end gap-2">
        <Button variant="outline" disabled={pending} onClick={onCancel}>Cancel</Button>
        <Button disabled={!file || pending} onClick={submit}>{pending ? 'Uploading...' : 'Upload'}</Button>
      </div>
    </div>
  );
}
