import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { CAMPAIGN_EMAIL_BODY_MAX, CAMPAIGN_EMAIL_SUBJECT_MAX } from '@torcedor/shared/constants';
import { CampaignEmailBody, type Campaign } from '@torcedor/shared/schemas/marketing';
import { Eye } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type * as z from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { errorDetail } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { useSaveCampaignEmail } from '../api/save-campaign-email';
import { CampaignEmailPreview } from './campaign-email-preview';
import { CampaignEmailSendActions } from './campaign-email-send';

type Values = z.input<typeof CampaignEmailBody>;
type Body = z.output<typeof CampaignEmailBody>;

/** How much of a field's maximum is used, shown under it (in the danger colour past the maximum). */
function Counter({ length, max }: { length: number; max: number }) {
  const { t } = useLingui();
  return <span className={cn(length > max && 'text-danger')}>{t`${length}/${max} characters`}</span>;
}

/**
 * A campaign's email: Subject and Body checked by the shared CampaignEmailBody schema, then Save, Preview, Send test
 * to me and Send to members. Preview and sending work on the saved email, so they wait while there are unsaved
 * changes. Once the email is sending or sent, it is shown read-only with only its preview.
 */
export function CampaignEmailForm({ campaign, focusOnMount = false }: { campaign: Campaign; focusOnMount?: boolean }) {
  const { t } = useLingui();
  const { email } = campaign;
  const readOnly = email !== null && email.status !== 'draft';
  const { register, handleSubmit, reset, control, setFocus, formState: { errors, isDirty } } = useForm<Values, unknown, Body>({
    resolver: zodResolver(CampaignEmailBody),
    mode: 'onTouched',
    defaultValues: { subject: email?.subject ?? '', body: email?.body ?? '' },
  });
  const subject = useWatch({ control, name: 'subject' });
  const body = useWatch({ control, name: 'body' });
  const save = useSaveCampaignEmail();
  const [previewing, setPreviewing] = useState(false);
  const previewId = useId();
  const hintId = useId();
  const unsaved = isDirty || email === null;
  // Write email opens the form on its first field.
  useEffect(() => {
    if (focusOnMount) setFocus('subject');
  }, [focusOnMount, setFocus]);

  const onSave = handleSubmit((values) => save.mutate({ id: campaign.id, body: values }, {
    onSuccess: (c) => {
      reset({ subject: c.email?.subject ?? values.subject, body: c.email?.body ?? values.body });
      toast({ title: t`Email saved`, description: t`Preview it, or send a test to yourself.`, variant: 'success' });
    },
    onError: (err) => toast({ title: t`Failed to save email`, description: errorDetail(err), variant: 'error' }),
  }));

  const name = campaign.name;
  return (
    <form onSubmit={(e) => void onSave(e)} className="space-y-3" noValidate aria-label={t`Email of ${name}`}>
      <FormField label={t`Subject`} error={errors.subject?.message} hint={readOnly ? undefined : <Counter length={subject.length} max={CAMPAIGN_EMAIL_SUBJECT_MAX} />}>
        {(p) => <Input {...p} readOnly={readOnly} required {...register('subject')} />}
      </FormField>
      <FormField label={t({ message: 'Body', context: 'email body' })} error={errors.body?.message} hint={readOnly ? undefined : <Counter length={body.length} max={CAMPAIGN_EMAIL_BODY_MAX} />}>
        {(p) => <Textarea {...p} rows={8} readOnly={readOnly} required {...register('body')} />}
      </FormField>
      {readOnly ? null : (
        <p id={hintId} className="text-xs text-muted">
          {unsaved ? t`Save your changes to preview or send them.` : t`The campaign's link and the unsubscribe footer are added to what you write.`}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          size="sm" variant="outline" aria-expanded={previewing} aria-controls={previewing ? previewId : undefined}
          aria-describedby={readOnly ? undefined : hintId} disabled={!readOnly && unsaved} onClick={() => setPreviewing((v) => !v)}
        >
          <Eye className="h-4 w-4" aria-hidden /><Trans>Preview</Trans>
        </Button>
        {readOnly || !email ? null : <CampaignEmailSendActions campaignId={campaign.id} subject={email.subject} disabled={unsaved} describedBy={hintId} />}
        {readOnly ? null : <Button size="sm" type="submit" disabled={save.isPending}>{save.isPending ? t`Saving...` : t`Save`}</Button>}
      </div>
      {previewing && (readOnly || !unsaved) ? <CampaignEmailPreview campaignId={campaign.id} id={previewId} /> : null}
    </form>
  );
}
