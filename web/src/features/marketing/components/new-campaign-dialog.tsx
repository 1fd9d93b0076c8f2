import { zodResolver } from '@hookform/resolvers/zod';
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
      toast({ title: 'Campaign Created', description: `${campaign.name} is ready: share its link to start counting.`, variant: 'success' });
      close(false);
    },
    onError: (err) => toast({ title: 'Failed to create campaign', description: errorDetail(err), variant: 'error' }),
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title="New Campaign" description="Write a campaign; it gets its own tracking link.">
        <form onSubmit={handleSubmit(submit)} className="space-y-3" noValidate aria-label="New campaign">
          <FormField label="Name" error={errors.name?.message}>{(p) => <Input {...p} required {...register('name')} />}</FormField>
          <FormField label="Description" error={errors.description?.message}>{(p) => <Textarea {...p} {...register('description')} />}</FormField>
          <div className="grid gap-3 sm:grid-cols-3">
            <FormField label="Objective" error={errors.objective?.message}>
              {(p) => <Select {...p} {...register('objective')}>{CampaignObjective.options.map((o) => <option key={o} value={o}>{OBJECTIVE_LABELS[o]}</option>)}</Select>}
            </FormField>
            <FormField label="Type" error={errors.type?.message}>
              {(p) => <Select {...p} {...register('type')}>{CampaignType.options.map((t) => <option key={t} value={t}>{TYPE_LABELS[t]}</option>)}</Select>}
            </FormField>
            <FormField label="Status" error={errors.status?.message}>
              {(p) => <Select {...p} {...register('status')}>{CampaignStatus.options.map((s) => <option key={s} value={s}>{STATUS_LABELS[s]}</option>)}</Select>}
            </FormField>
          </div>
          <FormActions onCancel={() => close(false)} label="Create Campaign" pendingLabel="Creating..." pending={create.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
