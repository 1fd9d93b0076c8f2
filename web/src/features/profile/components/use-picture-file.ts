import { useEffect, useRef, useState } from 'react';
import { validateImage } from '@/lib/api/upload-image';

/**
 * The chosen picture: the file (when it is one the server takes), its preview and, when it was refused, why. The
 * preview's object URL is freed when it is replaced and when the component unmounts.
 */
export function usePictureFile() {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const previewRef = useRef<string | null>(null);
  useEffect(() => () => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
  }, []);
  const showPreview = (f: File | null) => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = f && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(f) : null;
    setPreview(previewRef.current);
  };

  /** Takes the candidate when it is a JPEG, PNG or WebP picture small enough, else says why not. */
  const choose = (candidate: File) => {
    const refused = validateImage(candidate);
    setError(refused);
    setFile(refused ? null : candidate);
    showPreview(refused ? null : candidate);
  };
  /** Drops the chosen picture, saying why. */
  const refuse = (message: string) => {
    setError(message);
    setFile(null);
    showPreview(null);
  };

  return { file, preview, error, choose, refuse };
}
