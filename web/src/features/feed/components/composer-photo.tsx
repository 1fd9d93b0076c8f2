import { useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';

/** The attached photo's preview, its remove button (not while sending) and, during its upload, the progress bar. */
export function ComposerPhoto({ preview, progress, sending, onRemove }: {
  preview: string; progress: number | null; sending: boolean; onRemove: () => void;
}) {
  const { t } = useLingui();
  return (
    <div className="relative mt-3 inline-block">
      <img src={preview} alt={t`Preview of the photo to share`} className="max-h-60 rounded-lg object-cover" />
      {!sending ? (
        <button
          type="button"
          onClick={onRemove}
          className="absolute right-2 top-2 rounded-full bg-black/60 p-1 text-white hover:bg-black/80"
          aria-label={t`Remove photo`}
        >
          <X className="h-4 w-4" aria-hidden />
        </button>
      ) : null}
      {progress !== null ? (
        <progress value={progress} max={1} aria-label={t`Upload progress`} className="mt-2 block h-2 w-full accent-primary" />
      ) : null}
    </div>
  );
}
