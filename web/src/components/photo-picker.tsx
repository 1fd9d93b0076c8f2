import { Trans, useLingui } from '@lingui/react/macro';
import { PHOTOS_MAX, PROFILE_PICTURE_TYPES } from '@torcedor/shared/constants';
import { objectPathOf } from '@torcedor/shared/schemas/social';
import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { uploadImage, validateImage } from '@/lib/api/upload-image';
import { toast } from '@/lib/toast';

/** A photo in the picker: one the item already has (its served URL), or a file chosen now with its preview. */
type PickedPhoto =
  | { key: string; url: string }
  | { key: string; file: File; preview: string };

const isKept = (p: PickedPhoto): p is { key: string; url: string } => 'url' in p;
const ACCEPT = PROFILE_PICTURE_TYPES.join(',');

/**
 * The photos of a review or a humidor item while its form is open (docs/architecture.md, "Uploads"): up to
 * PHOTOS_MAX, the ones it has and files chosen now, each checked before it is kept (JPEG, PNG or WebP, 5 MB at most).
 * `send(request)` is the one way a form sends them: the new ones go through the upload path first, one after the
 * other with their progress, then `request` gets the paths, in order (a kept photo by its object path, a new one by
 * its incoming path). A file already uploaded by a try whose upload failed later is not uploaded again; once the
 * server has seen the paths (it moves an upload away as it registers it), a refused request forgets them, so the
 * next try uploads afresh.
 */
export function usePhotoPicker(initial: readonly string[] = []) {
  const { t } = useLingui();
  const [photos, setPhotos] = useState<PickedPhoto[]>(() => initial.map((url) => ({ key: url, url })));
  const [progress, setProgress] = useState<Record<string, number>>({});
  const [uploading, setUploading] = useState(false);
  const uploaded = useRef(new Map<string, string>());
  const nextKey = useRef(0);
  const previews = useRef(new Set<string>());

  useEffect(() => {
    const open = previews.current;
    return () => {
      for (const p of open) URL.revokeObjectURL(p);
      open.clear();
    };
  }, []);

  /** Keeps the files the server would take, as many as there is room for; says why the others were left out. */
  const add = (files: Iterable<File>) => {
    const room = PHOTOS_MAX - photos.length;
    const chosen: PickedPhoto[] = [];
    let refused: string | null = null;
    let tooMany = false;
    for (const file of files) {
      const problem = validateImage(file);
      if (problem) { refused = problem; continue; }
      if (chosen.length >= room) { tooMany = true; continue; }
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      chosen.push({ key: `new-${nextKey.current++}`, file, preview });
    }
    if (chosen.length) setPhotos((ps) => [...ps, ...chosen]);
    if (refused) toast({ title: t`Error`, description: refused, variant: 'error' });
    else if (tooMany) toast({ title: t`Error`, description: t`At most ${PHOTOS_MAX} photos`, variant: 'error' });
  };

  const remove = (key: string) => {
    setPhotos((ps) => ps.filter((p) => {
      if (p.key !== key) return true;
      if (!isKept(p)) {
        URL.revokeObjectURL(p.preview);
        previews.current.delete(p.preview);
      }
      return false;
    }));
    uploaded.current.delete(key);
  };

  /** Drops every photo (a form closed without sending): back to none, the previews let go. */
  const clear = () => {
    for (const p of previews.current) URL.revokeObjectURL(p);
    previews.current.clear();
    uploaded.current.clear();
    setPhotos([]);
    setProgress({});
  };

  /** The paths to send, uploading what is new first. Rejects with uploadImage's message, meant for the member. */
  const upload = async (): Promise<string[]> => {
    const paths: string[] = [];
    setUploading(true);
    try {
      for (const p of photos) {
        if (isKept(p)) { paths.push(objectPathOf(p.url)); continue; }
        let path = uploaded.current.get(p.key);
        if (!path) {
          ({ objectPath: path } = await uploadImage(p.file, (f) => setProgress((all) => ({ ...all, [p.key]: f }))));
          uploaded.current.set(p.key, path);
        }
        paths.push(path);
      }
      return paths;
    } finally {
      setUploading(false);
      setProgress({});
    }
  };

  /** Whether the photos differ from the ones the item had (an edit sends them only then). */
  const changed = photos.length !== initial.length || photos.some((p, i) => !isKept(p) || p.url !== initial[i]);

  /**
   * Sends the form: the photos' paths (uploading what is new first), then `request` with them, answering its answer.
   * `onlyIfChanged` (an edit): `request` gets undefined, and nothing is uploaded, when the photos are as they were.
   * Rejects with the upload's message or the request's error; a refused request forgets the incoming paths it sent
   * (they may be gone: the next try uploads again).
   */
  async function send<T>(request: (paths: string[]) => Promise<T>): Promise<T>;
  async function send<T>(request: (paths: string[] | undefined) => Promise<T>, options: { onlyIfChanged: true }): Promise<T>;
  async function send<T>(request: (paths: string[]) => Promise<T>, { onlyIfChanged = false } = {}): Promise<T> {
    const paths = onlyIfChanged && !changed ? undefined : await upload();
    try {
      // Undefined only with onlyIfChanged, whose overload takes it.
      return await (request as (paths: string[] | undefined) => Promise<T>)(paths);
    } catch (err) {
      uploaded.current.clear();
      throw err;
    }
  }

  return { photos, progress, uploading, add, remove, clear, send, changed, full: photos.length >= PHOTOS_MAX };
}

export type PhotoPickerState = ReturnType<typeof usePhotoPicker>;

/**
 * 'Add photos': the chosen photos' previews, each with its remove button (not while sending) and its upload's
 * progress, the count out of PHOTOS_MAX, and the button that opens the file chooser (several files at once).
 */
export function PhotoPicker({ picker, disabled = false, label }: { picker: PhotoPickerState; disabled?: boolean; label?: string }) {
  const { t } = useLingui();
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const busy = disabled || picker.uploading;
  const count = picker.photos.length;
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-fg">{label ?? t`Photos`}</legend>
      {count ? (
        <ul className="grid grid-cols-4 gap-2" aria-label={t`Chosen photos`}>
          {picker.photos.map((p, i) => {
            const progress = picker.progress[p.key];
            const position = i + 1;
            return (
              <li key={p.key} className="relative">
                <img
                  src={isKept(p) ? p.url : p.preview} alt={t`Photo ${position} of ${count}`}
                  className="aspect-square w-full rounded-md border border-border object-cover"
                />
                {busy ? null : (
                  <button
                    type="button" onClick={() => picker.remove(p.key)} aria-label={t`Remove photo ${position}`}
                    className="absolute right-1 top-1 rounded-full bg-black/70 p-1 text-white hover:bg-black/90"
                  >
                    <X className="h-3.5 w-3.5" aria-hidden />
                  </button>
                )}
                {progress !== undefined ? (
                  <progress value={progress} max={1} aria-label={t`Upload progress of photo ${position}`} className="mt-1 block h-1.5 w-full accent-primary" />
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={fileRef} id={id} type="file" accept={ACCEPT} multiple className="sr-only" tabIndex={-1} aria-label={t`Photo files`}
          onChange={(e) => {
            picker.add(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
        />
        <Button variant="outline" size="sm" onClick={() => fileRef.current?.click()} disabled={busy || picker.full}>
          <ImagePlus className="h-4 w-4" aria-hidden /><Trans>Add photos</Trans>
        </Button>
        <span className="text-xs text-muted" aria-live="polite">{t`${count}/${PHOTOS_MAX} photos · JPEG, PNG or WebP, 5 MB each`}</span>
      </div>
    </fieldset>
  );
}
