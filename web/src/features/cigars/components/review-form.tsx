import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { REVIEW_FLAVOR_TAGS_MAX, REVIEW_NOTES_MAX_LENGTH } from '@torcedor/shared/constants';
import type { Cigar } from '@torcedor/shared/schemas/catalog';
import { FlavorTag, NewReview } from '@torcedor/shared/schemas/social';
import { X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useForm, useWatch, type UseFormRegister } from 'react-hook-form';
import * as z from 'zod';
import { PhotoPicker, usePhotoPicker } from '@/components/photo-picker';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormActions } from '@/components/ui/form-actions';
import { FieldError, FormField } from '@/components/ui/form-field';
import { Input, Label, Textarea } from '@/components/ui/input';
import { errorText } from '@/lib/api-client';
import { fromInput } from '@/lib/form';
import { formatNumber } from '@/lib/numbers';
import { toast } from '@/lib/toast';
import { useCreateReview } from '../api/create-review';
import { ScoreStars } from './score-stars';

/**
 * Flavor tags offered as one-click chips, in the member's language: a chip picked becomes the member's own tag, in the
 * words they read it in.
 */
export const FLAVOR_SUGGESTIONS: MessageDescriptor[] = [
  msg({ message: 'Cedar', context: 'flavor' }), msg({ message: 'Leather', context: 'flavor' }), msg({ message: 'Cocoa', context: 'flavor' }),
  msg({ message: 'Coffee', context: 'flavor' }), msg({ message: 'Pepper', context: 'flavor' }), msg({ message: 'Earth', context: 'flavor' }),
  msg({ message: 'Cream', context: 'flavor' }), msg({ message: 'Nuts', context: 'flavor' }), msg({ message: 'Spice', context: 'flavor' }),
  msg({ message: 'Citrus', context: 'flavor' }), msg({ message: 'Honey', context: 'flavor' }), msg({ message: 'Wood', context: 'flavor' }),
];

/** A score's input: its string, required, then a number checked by the shared schema's own score rule (0-100, whole). */
const scoreInput = (score: typeof NewReview.shape.drawScore) =>
  z.string().trim().min(1, 'Scores are from 0 to 100').pipe(fromInput((v) => Number(v), score));

/** POST /api/reviews' body from the form's inputs; the cigar comes from the page, the photos from the picker. */
const ReviewForm = NewReview.omit({ cigarId: true, photos: true }).extend({
  drawScore: scoreInput(NewReview.shape.drawScore),
  burnScore: scoreInput(NewReview.shape.burnScore),
  flavorScore: scoreInput(NewReview.shape.flavorScore),
  overallScore: scoreInput(NewReview.shape.overallScore),
});
type ReviewValues = z.input<typeof ReviewForm>;
type ScoreName = 'drawScore' | 'burnScore' | 'flavorScore' | 'overallScore';

const DEFAULT_SCORE = '80';
const DEFAULTS: ReviewValues = {
  drawScore: DEFAULT_SCORE, burnScore: DEFAULT_SCORE, flavorScore: DEFAULT_SCORE, overallScore: DEFAULT_SCORE, flavorTags: [], notes: '',
};
const SCORES: { name: ScoreName; label: MessageDescriptor }[] = [
  { name: 'drawScore', label: msg({ message: 'Draw', context: 'review score' }) },
  { name: 'burnScore', label: msg({ message: 'Burn', context: 'review score' }) },
  { name: 'flavorScore', label: msg({ message: 'Flavor', context: 'review score' }) },
  { name: 'overallScore', label: msg({ message: 'Overall', context: 'review score' }) },
];

/** The score a field's text stands for, when it is a valid one. */
function validScore(v: string | undefined): number | null {
  if (v === undefined || v.trim() === '') return null;
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 && n <= 100 ? n : null;
}

function ScoreField({ name, label, value, error, register, onSlide }: {
  name: ScoreName; label: string; value: string; error?: string; register: UseFormRegister<ReviewValues>; onSlide: (v: string) => void;
}) {
  const { t } = useLingui();
  const score = validScore(value);
  return (
    <FormField label={label} error={error}>
      {(p) => (
        <div className="flex items-center gap-3">
          <input
            type="range" min={0} max={100} step={1} value={score ?? 0} onChange={(e) => onSlide(e.target.value)}
            aria-label={t`${label} slider`} className="flex-1 accent-primary"
          />
          <Input {...p} type="number" inputMode="numeric" min={0} max={100} step={1} className="w-20" {...register(name)} />
          <span className="w-12 text-sm text-muted" aria-hidden>/100</span>
          {name === 'overallScore' && score !== null ? <ScoreStars score={score} /> : null}
        </div>
      )}
    </FormField>
  );
}

/** The flavor tags: type one and press Enter, or pick a suggestion; × removes one; 12 at most. */
function FlavorTagsInput({ tags, onChange, error }: { tags: string[]; onChange: (tags: string[]) => void; error?: string }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const full = tags.length >= REVIEW_FLAVOR_TAGS_MAX;
  const has = (tag: string) => tags.some((x) => x.toLowerCase() === tag.toLowerCase());
  const add = (raw: string) => {
    const parsed = FlavorTag.safeParse(raw);
    if (!parsed.success) {
      setProblem(raw.trim() ? parsed.error.issues[0]?.message : undefined);
      return;
    }
    if (full) {
      setProblem(t`At most ${REVIEW_FLAVOR_TAGS_MAX} flavor tags`);
      return;
    }
    setProblem(undefined);
    setText('');
    if (!has(parsed.data)) onChange([...tags, parsed.data]);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    add(text);
  };
  const message = problem ?? error;
  const tagCount = tags.length;
  const suggestions = FLAVOR_SUGGESTIONS.map((d) => i18n._(d));
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div>
      <Label htmlFor={id}><Trans>Flavor tags</Trans></Label>
      {tags.length ? (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label={t`Chosen flavor tags`}>
          {tags.map((tag) => (
            <li key={tag} className="inline-flex items-center gap-1 rounded-full bg-primary/20 py-0.5 pl-3 pr-1 text-sm text-primary">
              {tag}
              <button type="button" onClick={() => onChange(tags.filter((x) => x !== tag))} aria-label={t`Remove ${tag}`} className="rounded-full p-0.5 hover:bg-primary/30">
                <X className="h-3.5 w-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Input
        id={id} value={text} onChange={(e) => { setText(e.target.value); setProblem(undefined); }} onKeyDown={onKeyDown}
        placeholder={full ? t`Tag limit reached` : t`Type a flavor and press Enter`} disabled={full} maxLength={60} autoComplete="off"
        aria-invalid={message ? true : undefined} aria-describedby={[hintId, message ? errorId : null].filter(Boolean).join(' ')}
      />
      <p id={hintId} className="mt-1 text-xs text-muted"><Trans>{tagCount}/{REVIEW_FLAVOR_TAGS_MAX} tags</Trans></p>
      <FieldError id={errorId} message={message} />
      <div className="mt-2 flex flex-wrap gap-1.5" role="group" aria-label={t`Suggested flavors`}>
        {suggestions.filter((s) => !has(s)).map((s) => (
          <button
            key={s} type="button" onClick={() => add(s)} disabled={full}
            className="rounded-full border border-border px-2.5 py-0.5 text-xs text-muted hover:border-primary hover:text-fg disabled:opacity-50"
          >
            + {s}
          </button>
        ))}
      </div>
    </div>
  );
}

/** The form itself: mounted while the dialog is open, so each opening starts from the defaults. */
function ReviewFormBody({ cigarId, onDone }: { cigarId: string; onDone: () => void }) {
  const create = useCreateReview();
  const photos = usePhotoPicker();
  const { register, handleSubmit, control, setValue, formState: { errors } } = useForm<ReviewValues, unknown, z.output<typeof ReviewForm>>({
    resolver: zodResolver(ReviewForm),
    mode: 'onTouched',
    defaultValues: DEFAULTS,
  });
  const { t, i18n } = useLingui();
  const values = useWatch({ control });
  const written = formatNumber(values.notes?.length ?? 0);
  const allowed = formatNumber(REVIEW_NOTES_MAX_LENGTH);

  const failed = (err: unknown) => toast({ title: t`Error`, description: errorText(err, t`Failed to post review`), variant: 'error' });
  // The photos go up first (a retry does not send one twice); the review registers them.
  const submit = (form: z.output<typeof ReviewForm>) => {
    const { drawScore, burnScore, flavorScore, overallScore, flavorTags, notes } = form;
    void photos.send((paths) => create.mutateAsync({ cigarId, drawScore, burnScore, flavorScore, overallScore, flavorTags, notes, photos: paths })).then(
      () => {
        toast({ title: t`Review posted`, description: t`Thank you for sharing your experience.`, variant: 'success' });
        onDone();
      },
      failed,
    );
  };
  const pending = photos.uploading || create.isPending;

  return (
    <form onSubmit={handleSubmit(submit)} className="space-y-4" noValidate aria-label={t`Write a review`}>
      <fieldset className="space-y-3">
        <legend className="sr-only"><Trans>Scores, 0 to 100</Trans></legend>
        {SCORES.map((s) => (
          <ScoreField
            key={s.name} name={s.name} label={i18n._(s.label)} value={values[s.name] ?? ''} error={errors[s.name]?.message} register={register}
            onSlide={(v) => setValue(s.name, v, { shouldValidate: true, shouldDirty: true, shouldTouch: true })}
          />
        ))}
      </fieldset>
      <FlavorTagsInput
        tags={values.flavorTags ?? []} error={errors.flavorTags?.message}
        onChange={(tags) => setValue('flavorTags', tags, { shouldValidate: true, shouldDirty: true })}
      />
      <FormField
        label={t`Notes`} error={errors.notes?.message}
        hint={t`${written} / ${allowed} characters`}
      >
        {(p) => <Textarea {...p} rows={5} maxLength={REVIEW_NOTES_MAX_LENGTH} placeholder={t`Draw, burn, how the flavors changed...`} {...register('notes')} />}
      </FormField>
      <PhotoPicker picker={photos} disabled={pending} />
      <FormActions onCancel={onDone} label={t`Post Review`} pendingLabel={photos.uploading ? t`Uploading photos...` : t`Posting...`} pending={pending} />
    </form>
  );
}

/** 'Write a Review' for one cigar: four scores, flavor tags and notes (POST /api/reviews). */
export function ReviewDialog({ cigar, open, onOpenChange }: { cigar: Pick<Cigar, 'id' | 'brandName' | 'name'>; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useLingui();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t`Write a Review`} description={`${cigar.brandName} ${cigar.name}`} className="max-w-xl">
        <ReviewFormBody cigarId={cigar.id} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
