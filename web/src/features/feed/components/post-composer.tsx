import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { POST_MAX_LENGTH, PROFILE_PICTURE_TYPES } from '@torcedor/shared/constants';
import { NewPost } from '@torcedor/shared/schemas/social';
import { ImagePlus } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import * as z from 'zod';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { firstErrorMessage } from '@/lib/form';
import { formatNumber } from '@/lib/numbers';
import { toast } from '@/lib/toast';
import { ComposerPhoto } from './composer-photo';
import { usePostPhoto } from './use-post-photo';
import { useSharePost } from './use-share-post';

const ACCEPT = PROFILE_PICTURE_TYPES.join(',');

/** The composer's form: the text, checked by the shared rule of POST /api/posts (trimmed, not empty, at most POST_MAX_LENGTH). */
const ComposerForm = z.object({ content: NewPost.shape.content });
type Values = z.input<typeof ComposerForm>;
type Checked = z.output<typeof ComposerForm>;
const EMPTY: Values = { content: '' };

/**
 * The feed's composer: a textarea that grows on focus, an optional photo, a live counter and Share
 * (Cmd/Ctrl+Enter shares too). The content is checked by the shared NewPost schema before anything is sent.
 */
export function PostComposer() {
  const { t } = useLingui();
  const { register, handleSubmit, reset: resetForm, control } = useForm<Values, unknown, Checked>({
    resolver: zodResolver(ComposerForm),
    defaultValues: EMPTY,
  });
  const content = useWatch({ control, name: 'content' }) ?? '';
  const [expanded, setExpanded] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const photo = usePostPhoto();
  const reset = () => {
    resetForm(EMPTY);
    photo.clear();
    if (fileRef.current) fileRef.current.value = '';
    setExpanded(false);
    textareaRef.current?.blur();
  };
  const { sending, share } = useSharePost(photo, reset);
  const id = useId();
  const counterId = `${id}-counter`;
  const { ref: fieldRef, ...field } = register('content');

  const blank = content.trim() === '';
  const over = content.length > POST_MAX_LENGTH;

  const choosePhoto = (file: File | undefined) => {
    if (fileRef.current) fileRef.current.value = '';
    if (photo.choose(file)) setExpanded(true);
  };
  /** A refused text is told in a toast (the composer shows no message under the field). */
  const refused = (errors: FieldErrors<Values>) => toast({
    title: t`Error`,
    description: firstErrorMessage(errors, ['content']) ?? t`Please enter some content for your post`,
    variant: 'error',
  });
  const submit = () => {
    if (sending) return;
    void handleSubmit(({ content: text }) => share(text), refused)();
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <Card className="mb-6">
      <form onSubmit={onSubmit} aria-label={t`Share a post`} noValidate>
        <label htmlFor={id} className="sr-only"><Trans>What are you smoking?</Trans></label>
        <textarea
          id={id}
          {...field}
          ref={(el) => {
            fieldRef(el);
            textareaRef.current = el;
          }}
          onFocus={() => setExpanded(true)}
          onKeyDown={onKeyDown}
          rows={expanded ? 5 : 1}
          placeholder={t`What are you smoking?`}
          aria-describedby={expanded ? counterId : undefined}
          aria-invalid={over || undefined}
          disabled={sending}
          data-expanded={expanded || undefined}
          className={cn(
            'w-full resize-none rounded-md border border-border bg-surface-2 px-3 py-2 text-fg transition-[min-height] placeholder:text-muted focus:border-primary focus:outline-none disabled:opacity-60 aria-invalid:border-danger',
            expanded ? 'min-h-32' : 'min-h-10',
          )}
        />
        {photo.photo ? <ComposerPhoto preview={photo.photo.preview} progress={photo.progress} sending={sending} onRemove={photo.remove} /> : null}
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <input
            ref={fileRef}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-label={t`Photo file`}
            onChange={(e) => choosePhoto(e.target.files?.[0])}
          />
          <Button variant="ghost" size="sm" onClick={() => fileRef.current?.click()} disabled={sending} aria-label={t`Attach photo`}>
            <ImagePlus className="h-4 w-4" aria-hidden />
            <span className="hidden sm:inline"><Trans>Photo</Trans></span>
          </Button>
          {expanded ? (
            <span id={counterId} className={cn('text-xs', over ? 'text-danger' : 'text-muted')} aria-live="polite">
              {formatNumber(content.length)}/{formatNumber(POST_MAX_LENGTH)}
            </span>
          ) : null}
          <div className="ml-auto flex gap-2">
            {expanded ? <Button variant="outline" size="sm" onClick={reset} disabled={sending}><Trans>Cancel</Trans></Button> : null}
            <Button type="submit" size="sm" disabled={blank || sending}>{sending ? t`Sharing...` : t`Share`}</Button>
          </div>
        </div>
      </form>
    </Card>
  );
}
