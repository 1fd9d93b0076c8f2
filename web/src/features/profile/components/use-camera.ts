import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useCallback, useEffect, useRef, useState } from 'react';

const CAMERA_DENIED = msg`Camera access was denied. Allow camera access in your browser settings, or choose a photo instead.`;
const CAMERA_MISSING = msg`No camera was found. Choose a photo instead.`;
const CAMERA_UNSUPPORTED = msg`This browser cannot use a camera here. Choose a photo instead.`;
const CAMERA_FAILED = msg`Could not start the camera. Choose a photo instead.`;
const CAPTURE_FAILED = msg`Could not take the photo. Please try again.`;

/** What the member reads when a camera could not be started (shown with `i18n._`). */
function cameraMessage(e: unknown): MessageDescriptor {
  const name = e instanceof DOMException || e instanceof Error ? e.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return CAMERA_DENIED;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return CAMERA_MISSING;
  return CAMERA_FAILED;
}

/**
 * The front camera for a profile picture: started on demand, shown in the `videoRef` element, and stopped when a
 * photo is taken (handed to `onPhoto` as a JPEG file), when asked, and when the component unmounts. `error` is what
 * the member reads when the camera could not be started or the photo not taken (a message, shown with `i18n._`).
 */
export function useCamera(onPhoto: (file: File) => void) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [starting, setStarting] = useState(false);
  const [videoReady, setVideoReady] = useState(false);
  const [error, setError] = useState<MessageDescriptor | null>(null);

  const stop = useCallback(() => {
    streamRef.current?.getTracks().forEach((t) => t.stop());
    streamRef.current = null;
    setStream(null);
    setVideoReady(false);
  }, []);

  // The camera never outlives the dialog.
  useEffect(() => () => streamRef.current?.getTracks().forEach((t) => t.stop()), []);
  useEffect(() => {
    if (videoRef.current && stream) videoRef.current.srcObject = stream;
  }, [stream]);

  const start = async () => {
    setError(null);
    if (!navigator.mediaDevices?.getUserMedia) return setError(CAMERA_UNSUPPORTED);
    setStarting(true);
    try {
      const s = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' }, audio: false });
      streamRef.current?.getTracks().forEach((t) => t.stop());
      streamRef.current = s;
      setStream(s);
    } catch (e) {
      setError(cameraMessage(e));
    } finally {
      setStarting(false);
    }
  };

  const takePhoto = () => {
    const v = videoRef.current;
    if (!v) return;
    const canvas = document.createElement('canvas');
    canvas.width = v.videoWidth || 640;
    canvas.height = v.videoHeight || 480;
    const ctx = canvas.getContext('2d');
    if (!ctx) return setError(CAPTURE_FAILED);
    ctx.drawImage(v, 0, 0, canvas.width, canvas.height);
    canvas.toBlob((blob) => {
      if (!blob) return setError(CAPTURE_FAILED);
      stop();
      onPhoto(new File([blob], `camera-${Date.now()}.jpg`, { type: 'image/jpeg' }));
    }, 'image/jpeg', 0.9);
  };

  return { videoRef, stream, starting, videoReady, onVideoReady: () => setVideoReady(true), error, start, stop, takePhoto };
}
