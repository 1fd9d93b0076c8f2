import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { uploadImage, validateImage } from '@/lib/api/upload-image';
import { toast } from '@/lib/toast';

/** A chosen picture, its preview and, once uploaded, its objectPath (kept so a retry does not upload it again). */
interface Photo { file: File; preview: string; objectPath?: string }

/**
 * The composer's optional photo: the chosen picture with its preview, and its upload (with progress) when the post
 * is shared. The preview's object URL lives as long as the photo is attached.
 */
export function usePostPhoto() {
  const { t } = useLingui();
  const [photo, setPhoto] = useState<Photo | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const preview = photo?.preview;
  useEffect(() => () => { if (preview) URL.revokeObjectURL(preview); }, [preview]);

  /** Attaches the file when it is a picture the server takes (true), else says why not (false). */
  const choose = (file: File | undefined): boolean => {
    if (!file) return false;
    // JPEG, PNG or WebP, at most PROFILE_PICTURE_MAX_BYTES (5 MB).
    const problem = validateImage(file);
    if (problem) {
      toast({ title: t`Error`, description: problem, variant: 'error' });
      return false;
    }
    setPhoto({ file, preview: URL.createObjectURL(file) });
    setProgress(null);
    return true;
  };

  const clear = () => {
    setPhoto(null);
    setProgress(null);
  };

  /**
   * The attached photo's objectPath, uploaded first unless a previous try did (undefined without a photo). Rejects
   * with uploadImage's own message, meant for the member.
   */
  const upload = async (): Promise<string | undefined> => {
    if (!photo || photo.objectPath) return photo?.objectPath;
    setProgress(0);
    try {
      const { objectPath } = await uploadImage(photo.file, setProgress);
      setPhoto((p) => (p && p.file === photo.file ? { ...p, objectPath } : p));
      return objectPath;
    } catch (err) {
      setProgress(null);
      throw err;
    }
  };

  return { photo, progress, choose, remove: () => setPhoto(null), clear, upload };
}

export type PostPhoto = ReturnType<typeof usePostPhoto>;
