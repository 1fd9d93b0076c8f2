import { POST_MAX_LENGTH, PROFILE_PICTURE_TYPES } from '@torcedor/shared/constants';
import { thousands } from '@torcedor/shared/formatters';
import { NewPost } from '@torcedor/shared/schemas/social';
import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorText } from '@/lib/api-client';
import { uploadImage, validateImage } from '@/lib/api/upload-image';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { useCreatePost } from '../api/create-post';

const ACCEPT = PROFILE_PICTURE_TYPES.join(',');

/** A chosen picture, its preview and, once uploaded, its objectPath (kept so a retry does not upload it again). */
interface Photo { file: File; preview: string; objectPath?: string }


/**
 * The feed's composer: a textarea that grows on focus, an optional photo, a live counter and Share
 * (Cmd/Ctrl+Enter shares too). The content is checked by the shared NewPost schema before anything is sent.
 */
export function PostComposer() {
  const [content, setContent] = useState('');
  const [expanded, setExpanded] = useState(false);
  const [photo, setPhoto] = useState<Photo | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const create = useCreatePost();
  const id = useId();
  const counterId = `${id}-counter`;

  // The preview's object URL lives as long as the photo is attached.
  const preview = photo?.preview;
  useEffect(() => () => { if (preview) URL.revokeObjectURL(preview); }, [preview]);

  const blank = content.trim() === '';
  const over = content.length > POST_MAX_LENGTH;

  const reset = () => {
    setContent('');
    setPhoto(null);
    setProgress(null);
    setExpanded(false);
    if (fileRef.current) fileRef.current.value = '';
    textareaRef.current?.blur();
  };

  const choosePhoto = (file: File | undefined) => {
    if (fileRef.current) fileRef.current.value = '';
    if (!file) return;
    // JPEG, PNG or WebP, at most PROFILE_PICTURE_MAX_BYTES (5 MB).
    const problem = validateImage(file);
    if (problem) {
      toast({ title: 'Error', description: problem, variant: 'error' });
      return;
    }
    setPhoto({ file, preview: URL.createObjectURL(file) });
    setProgress(null);
    setExpanded(true);
  };

  const submit = async () => {
    if (sending) return;
    // The shared rule for the text: trimmed, not empty, at most POST_MAX_LENGTH characters.
    const checked = NewPost.shape.content.safeParse(content);
    if (!checked.success) {
      toast({ title: 'Error', description: checked.error.issues[0]?.message ?? 'Please enter some content for your post', variant: 'error' });
      return;
    }
    const text = checked.data;
    setSending(true);
    try {
      let imageUrl = photo?.objectPath;
      if (photo && !imageUrl) {
        setProgress(0);
        try {
          ({ objectPath: imageUrl } = await uploadImage(photo.file, setProgress));
        } catch (err) {
          // uploadImage rejects with a message meant for the member.
          setProgress(null);
          toast({ title: 'Error', description: err instanceof Error && err.message ? err.message : 'Failed to create post', variant: 'error' });
          return;
        }
        const uploaded = imageUrl;
        setPhoto((p) => (p && p.file === photo.file ? { ...p, objectPath: uploaded } : p));
      }
      await create.mutateAsync(imageUrl ? { content: text, postType: 'image', imageUrl } : { content: text, postType: 'text' });
      toast({ title: 'Success', description: 'Post shared successfully', variant: 'success' });
      reset();
    } catch (err) {
      toast({ title: 'Error', description: errorText(err, 'Failed to create post'), variant: 'error' });
    } finally {
      setSending(false);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <Card className="mb-6">
      <form onSubmit={onSubmit} aria-label="Share a post" noValidate>
        <label htmlFor={id} className="sr-only">What are you smoking?</label>
        <textarea
          id={id}
          ref={textareaRef}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          onFocus={() => setExpanded(true)}
          onKeyDown={onKeyDown}
          rows={expanded ? 5 : 1}
          placeholder="What are you smoking?"
          aria-describedby={expanded ? counterId : undefined}
          aria-invalid={over || undefined}
          disabled={sending}
          data-expanded={expanded || undefined}
          className={cn(
            'w-full resize-none rounded-md border border-border bg-surface-2 px-3 py-2 text-fg transition-[min-height] placeholder:text-muted focus:border-primary focus:outline-none disabled:opacity-60 aria-invalid:border-danger',
            expanded ? 'min-h-32' : 'min-h-10',
          )}
        />
        {photo ? (
          <div className="relative mt-3 inline-block">
            <img src={photo.preview} alt="Preview of the photo to share" className="max-h-60 rounded-lg object-cover" />
            {!sending ? (
              <button
                type="button"
                onClick={() => setPhoto(null)}
                className="absolute right-2 top-2 rounded-full bg-black/60 p-1 text-white hover:bg-black/80"
                aria-label="Remove photo"
              >
                <X className="h-4 w-4" aria-hidden />
              </button>
            ) : null}
            {progress !== null ? (
              <progress value={progress} max={1} aria-label="Upload progress" className="mt-2 block h-2 w-full accent-primary" />
            ) : null}
          </div>
        ) : null}
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <input
            ref={fileRef}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-label="Photo file"
            onChange={(e) => choosePhoto(e.target.files?.[0])}
          />
          <Button variant="ghost" size="sm" onClick={() => fileRef.current?.click()} disabled={sending} aria-label="Attach photo">
            <ImagePlus className="h-4 w-4" aria-hidden />
            <span className="hidden sm:inline">Photo</span>
          </Button>
          {expanded ? (
            <span id={counterId} className={cn('text-xs', over ? 'text-danger' : 'text-muted')} aria-live="polite">
              {thousands(content.length)}/{thousands(POST_MAX_LENGTH)}
            </span>
          ) : null}
          <div className="ml-auto flex gap-2">
            {expanded ? <Button variant="outline" size="sm" onClick={reset} disabled={sending}>Cancel</Button> : null}
            <Button type="submit" size="sm" disabled={blank || sending}>{sending ? 'Sharing...' : 'Share'}</Button>
          </div>
        </div>
      </form>
    </Card>
  );
}
