import { select } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { REPORT_REASON_MAX_LENGTH } from '@torcedor/shared/constants';
import { NewReport } from '@torcedor/shared/schemas/social';
import type { JSX } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import { FormActions } from '@/components/ui/form-actions';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { useCreateReport } from '@/lib/api/create-report';
import { errorText } from '@/lib/api-client';
import { formatNumber } from '@/lib/numbers';
import { toast } from '@/lib/toast';

export type ReportTarget = z.infer<typeof NewReport>['targetType'];
/** The dialog's form: only the reason is typed; the target comes from the props. */
const ReasonForm = NewReport.pick({ reason: true });
type ReasonValues = z.input<typeof ReasonForm>;

/**
 * The report dialog's form (report-button.tsx loads it when the dialog is first opened). It lives while the dialog is
 * open, so a dialog opened again starts empty; `onDone` closes the dialog (Cancel, or once the report is sent).
 */
export function ReportForm({ targetType, targetId, onDone }: { targetType: ReportTarget; targetId: string; onDone: () => void }): JSX.Element {
  const { t } = useLingui();
  const report = useCreateReport();
  const { register, handleSubmit, formState: { errors } } = useForm<ReasonValues, unknown, z.output<typeof ReasonForm>>({
    resolver: zodResolver(ReasonForm),
    mode: 'onTouched',
    defaultValues: { reason: '' },
  });
  const submit = ({ reason }: z.output<typeof ReasonForm>) => {
    report.mutate({ targetType, targetId, reason }, {
      onSuccess: () => {
        toast({ title: t`Report sent`, description: t`Thank you. A moderator will review it.`, variant: 'success' });
        onDone();
      },
      onError: (err) => toast({ title: t`Error`, description: errorText(err, t`Failed to send report`), variant: 'error' }),
    });
  };

  const title = t({
    message: select(targetType, {
      post: 'Report this post', comment: 'Report this comment', review: 'Report this review', member: 'Report this member',
      message: 'Report this message', other: 'Report this content',
    }),
  });
  const max = formatNumber(REPORT_REASON_MAX_LENGTH);
  return (
    <form onSubmit={handleSubmit(submit)} className="space-y-3" noValidate aria-label={title}>
      <FormField label={t`Reason`} error={errors.reason?.message} hint={t`At most ${max} characters.`}>
        {(p) => <Textarea {...p} maxLength={REPORT_REASON_MAX_LENGTH} placeholder={t`What is wrong with it?`} {...register('reason')} />}
      </FormField>
      <FormActions onCancel={onDone} label={t`Send report`} pendingLabel={t`Sending...`} pending={report.isPending} />
    </form>
  );
}
