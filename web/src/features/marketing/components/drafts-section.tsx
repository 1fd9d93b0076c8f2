import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { UpdateDraftBody, type ContentDraft } from '@torcedor/shared/schemas/marketing';
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import { Button } from '@/components/ui/button';
import { Badge, Card, EmptyState } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { errorDetail } from '@/lib/api-client';
import { formatDateTime } from '@/lib/date-time';
import { toast } from '@/lib/toast';
import { useDiscardDraft } from '../api/discard-draft';
import { useDrafts } from '../api/list-drafts';
import { usePublishDraft } from '../api/publish-draft';
import { useUpdateDraft } from '../api/update-draft';
import { TYPE_LABELS } from './campaign-labels';
import { QueryState } from './query-state';

type Values = z.input<typeof UpdateDraftBody>;
type Body = z.output<typeof UpdateDraftBody>;

const KIND_LABELS: Record<ContentDraft['kind'], MessageDescriptor> = {
  post: msg({ message: 'Community post', context: 'draft kind' }),
  campaign: msg({ message: 'Campaign', context: 'draft kind' }),
};
const STATUS_LABELS: Record<ContentDraft['status'], MessageDescriptor> = {
  draft: msg({ message: 'Draft', context: 'content draft status' }),
  published: msg({ message: 'Published', context: 'content draft status' }),
  discarded: msg({ message: 'Discarded', context: 'content draft status' }),
};
const STATUS_STYLES: Record<ContentDraft['status'], string> = {
  draft: 'bg-primary/20 text-primary',
  published: 'bg-success/20 text-success',
  discarded: 'bg-surface-2 text-muted',
};
const PUBLISHED_TEXT: Record<ContentDraft['kind'], MessageDescriptor> = {
  post: msg`It is on the community feed in your name.`,
  campaign: msg`It is now an active campaign.`,
};

/** The content drafts daily_content_generation wrote (docs/marketing.md, "Drafts"), newest first. */
export function DraftsSection() {
  const { t } = useLingui();
  const drafts = useDrafts();
  return (
    <section aria-labelledby="drafts-title">
      <h2 id="drafts-title" className="mb-1 text-xl font-semibold"><Trans>Content drafts</Trans></h2>
      <p className="mb-4 text-sm text-muted"><Trans>Written by Content Generation. Edit them, then publish a post to the community or a campaign, or discard them.</Trans></p>
      <QueryState query={drafts} failed={t`The drafts could not be loaded.`}>
        {(items) => (items.length ? (
          <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2" aria-label={t`Content drafts`}>
            {items.map((d) => <li key={d.id}><DraftCard key={`${d.id}-${d.status}`} draft={d} /></li>)}
          </ul>
        ) : (
          <EmptyState title={t`No drafts yet`} text={t`Run Content Generation to have posts and campaigns drafted from the club's activity.`} />
        ))}
      </QueryState>
    </section>
  );
}

function DraftHeader({ draft }: { draft: ContentDraft }) {
  const { i18n } = useLingui();
  const written = formatDateTime(draft.createdAt);
  const published = draft.publishedAt ? formatDateTime(draft.publishedAt) : '';
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs">
      <Badge className="bg-surface-2 text-fg">{i18n._(KIND_LABELS[draft.kind])}{draft.campaignType ? ` · ${i18n._(TYPE_LABELS[draft.campaignType])}` : ''}</Badge>
      <Badge className={STATUS_STYLES[draft.status]}>{i18n._(STATUS_LABELS[draft.status])}</Badge>
      <span className="ml-auto text-muted">
        {draft.status === 'published' && draft.publishedAt
          ? <Trans>Published <time dateTime={draft.publishedAt}>{published}</time></Trans>
          : <Trans>Written <time dateTime={draft.createdAt}>{written}</time></Trans>}
      </span>
    </div>
  );
}

function DraftCard({ draft }: { draft: ContentDraft }) {
  if (draft.status !== 'draft') {
    return (
      <Card className="space-y-2 opacity-90">
        <DraftHeader draft={draft} />
        <h3 className="font-semibold">{draft.title}</h3>
        <p className="whitespace-pre-wrap break-words text-sm text-muted">{draft.body}</p>
      </Card>
    );
  }
  return <OpenDraft draft={draft} />;
}

/** A draft still open: its title and text editable in place, then Save, Publish or Discard. */
function OpenDraft({ draft }: { draft: ContentDraft }) {
  const { t, i18n } = useLingui();
  const { register, handleSubmit, reset, formState: { errors, isDirty } } = useForm<Values, unknown, Body>({
    resolver: zodResolver(UpdateDraftBody),
    mode: 'onTouched',
    defaultValues: { title: draft.title, body: draft.body },
  });
  const update = useUpdateDraft();
  const publish = usePublishDraft();
  const discard = useDiscardDraft();
  const busy = update.isPending || publish.isPending || discard.isPending;
  const title = draft.title;

  const save = async (body: Body): Promise<boolean> => {
    try {
      const saved = await update.mutateAsync({ id: draft.id, body });
      reset({ title: saved.title, body: saved.body });
      return true;
    } catch (err) {
      toast({ title: t`Failed to save draft`, description: errorDetail(err), variant: 'error' });
      return false;
    }
  };

  const onSave = handleSubmit(async (body) => {
    if (await save(body)) toast({ title: t`Draft saved`, variant: 'success' });
  });
  // Publishing publishes what the form shows: unsaved edits are saved first.
  const onPublish = handleSubmit(async (body) => {
    if (isDirty && !(await save(body))) return;
    publish.mutate(draft.id, {
      onSuccess: (d) => toast({ title: t`Draft published`, description: i18n._(PUBLISHED_TEXT[d.kind]), variant: 'success' }),
      onError: (err) => toast({ title: t`Failed to publish draft`, description: errorDetail(err), variant: 'error' }),
    });
  });
  const onDiscard = () => discard.mutate(draft.id, {
    onSuccess: () => toast({ title: t`Draft discarded`, variant: 'success' }),
    onError: (err) => toast({ title: t`Failed to discard draft`, description: errorDetail(err), variant: 'error' }),
  });

  return (
    <Card>
      <form onSubmit={(e) => void onSave(e)} className="space-y-3" noValidate aria-label={t`Draft: ${title}`}>
        <DraftHeader draft={draft} />
        <FormField label={t`Title`} error={errors.title?.message}>{(p) => <Input {...p} {...register('title')} />}</FormField>
        <FormField label={t({ message: 'Text', context: 'draft body' })} error={errors.body?.message}>{(p) => <Textarea {...p} rows={5} {...register('body')} />}</FormField>
        <div className="flex flex-wrap justify-end gap-2">
          <Button size="sm" variant="ghost" onClick={onDiscard} disabled={busy}>{t`Discard`}</Button>
          <Button size="sm" variant="outline" type="submit" disabled={busy || !isDirty}>{update.isPending ? t`Saving...` : t`Save`}</Button>
          <Button size="sm" onClick={(e) => void onPublish(e)} disabled={busy}>{publish.isPending ? t`Publishing...` : t`Publish`}</Button>
        </div>
      </form>
    </Card>
  );
}
