import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react/macro';
import { CampaignObjective, CampaignStatus, CampaignType, NewCampaign } from '@torcedor/shared/schemas/marketing';
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormActions } from '@/components/ui/form-actions';
import { FormField } from '@/components/ui/form-field';
import { Input, Select, Textarea } from '@/components/ui/input';
import { errorDetail } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCreateCampaign } from '../api/create-campaign';
import { OBJECTIVE_LABELS, STATUS_LABELS, TYPE_LABELS } from './campaign-labels';

type Values = z.input<typeof NewCampaign>;
type Body = z.output<typeof NewCampaign>;

const EMPTY: Values = { name: '', description: '', objective: 'acquisition', type: 'social', status: 'active' };

/**
 * New Campaign: name, description, objective, type and status, checked by the shared NewCampaign schema (its
 * messages show under the fields). The server gives the campaign its UTM link.
 */
export function NewCampaignDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useLingui();
  const { register, handleSubmit, reset, formState: { errors } } = useForm<Values, unknown, Body>({
    resolver: zodResolver(NewCampaign),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const create = useCreateCampaign();

  const close = (o: boolean) => {
    if (!o) reset(EMPTY);
    onOpenChange(o);
  };

  const submit = (body: Body) => create.mutate(body, {
    onSuccess: (campaign) => {
      const name = campaign.name;
      toast({ title: t`Campaign Created`, description: t`${name} is ready: share its link to start counting.`, variant: 'success' });
      close(false);
    },
    onError: (err) => toast({ title: t`Failed to create campaign`, description: errorDetail(err), variant: 'error' }),
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title={t`New Campaign`} description={t`Write a campaign; it gets its own tracking link.`}>
        <form onSubmit={handleSubmit(submit)} className="space-y-3" noValidate aria-label={t`New campaign`}>
          <FormField label={t({ message: 'Name', context: 'campaign name' })} error={errors.name?.message}>{(p) => <Input {...p} required {...register('name')} />}</FormField>
          <FormField label={t`Description`} error={errors.description?.message}>{(p) => <Textarea {...p} {...register('description')} />}</FormField>
          <div className="grid gap-3 sm:grid-cols-3">
            <FormField label={t`Objective`} error={errors.objective?.message}>
              {(p) => <Select {...p} {...register('objective')}>{CampaignObjective.options.map((o) => <option key={o} value={o}>{i18n._(OBJECTIVE_LABELS[o])}</option>)}</Select>}
            </FormField>
            <FormField label={t`Type`} error={errors.type?.message}>
              {(p) => <Select {...p} {...register('type')}>{CampaignType.options.map((v) => <option key={v} value={v}>{i18n._(TYPE_LABELS[v])}</option>)}</Select>}
            </FormField>
            <FormField label={t({ message: 'Status', context: 'campaign status' })} error={errors.status?.message}>
              {(p) => <Select {...p} {...register('status')}>{CampaignStatus.options.map((s) => <option key={s} value={s}>{i18n._(STATUS_LABELS[s])}</option>)}</Select>}
            </FormField>
          </div>
          <FormActions onCancel={() => close(false)} label={t`Create Campaign`} pendingLabel={t`Creating...`} pending={create.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
