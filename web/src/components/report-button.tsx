import { zodResolver } from '@hookform/resolvers/zod';
import { REPORT_REASON_MAX_LENGTH } from '@torcedor/shared/constants';
import { NewReport } from '@torcedor/shared/schemas/social';
import { Flag } from 'lucide-react';
import { useState, type JSX } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { useCreateReport } from '@/lib/api/create-report';
import { errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';

type ReportTarget = z.infer<typeof NewReport>['targetType'];
/** The dialog's form: only the reason is typed; the target comes from the props. */
const ReasonForm = NewReport.pick({ reason: true });
type ReasonValues = z.input<typeof ReasonForm>;

/** A small 'Report' button opening a dialog that sends the content (or member) to the moderation queue. */
export function ReportButton({ targetType, targetId, className }: { targetType: ReportTarget; targetId: string; className?: string }): JSX.Element {
  const [open, setOpen] = useState(false);
  const report = useCreateReport();
  const { register, handleSubmit, reset, formState: { errors } } = useForm<ReasonValues, unknown, z.output<typeof ReasonForm>>({
    resolver: zodResolver(ReasonForm),
    mode: 'onTouched',
    defaultValues: { reason: '' },
  });
  const change = (o: boolean) => {
    if (!o) reset({ reason: '' });
    setOpen(o);
  };
  const submit = ({ reason }: z.output<typeof ReasonForm>) => {
    report.mutate({ targetType, targetId, reason }, {
      onSuccess: () => {
        toast({ title: 'Report sent', description: 'Thank you. A moderator will review it.', variant: 'success' });
        change(false);
      },
      onError: (err) => toast({ title: 'Error', description: errorText(err, 'Failed to send report'), variant: 'error' }),
    });
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Report this ${targetType}`} className={cn('text-muted', className)}>
          <Flag className="h-4 w-4" aria-hidden />
          Report
        </Button>
      </DialogTrigger>
      <DialogContent title={`Report this ${targetType}`} description="Tell the moderators what is wrong. They will review it.">
        <form onSubmit={handleSubmit(submit)} className="space-y-3" noValidate aria-label={`Report this ${targetType}`}>
          <FormField label="Reason" error={errors.reason?.message} hint={`At most ${REPORT_REASON_MAX_LENGTH} characters.`}>
            {(p) => <Textarea {...p} maxLength={REPORT_REASON_MAX_LENGTH} placeholder="What is wrong with it?" {...register('reason')} />}
          </FormField>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => change(false)}>Cancel</Button>
            <Button type="submit" disabled={report.isPending}>{report.isPending ? 'Sending...' : 'Send report'}</Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
