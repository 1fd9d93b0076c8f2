import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react/macro';
import { UpdateHumidorItem, type HumidorItem } from '@torcedor/shared/schemas/humidor';
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import { PhotoPicker, usePhotoPicker } from '@/components/photo-picker';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormActions } from '@/components/ui/form-actions';
import { FormField } from '@/components/ui/form-field';
import { Input, Select, Textarea } from '@/components/ui/input';
import { errorDetail } from '@/lib/api-client';
import { emptyToNull, fromInput } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useUpdateHumidorItem } from '../api/update-humidor-item';
import { STATUSES } from './status';

/** Spec section 5: quantity whole, min 0 (empty or invalid becomes 0); price step 0.01, empty is null; empty texts are null. */
export const toQuantity = (v: string) => {
  const n = Number(v);
  return v.trim() === '' || !Number.isInteger(n) || n < 0 ? 0 : n;
};
export const toPrice = (v: string) => (v.trim() === '' || Number.isNaN(Number(v)) ? null : Math.round(Number(v) * 100) / 100);

/**
 * PUT /api/humidor/{id}'s body, fed from the inputs' strings through the conversions above (location and notes take
 * strings as they are); the photos come from the picker.
 */
const EditItemForm = UpdateHumidorItem.omit({ photos: true }).extend({
  quantity: fromInput(toQuantity, UpdateHumidorItem.shape.quantity),
  pricePaid: fromInput(toPrice, UpdateHumidorItem.shape.pricePaid),
  currentPrice: fromInput(toPrice, UpdateHumidorItem.shape.currentPrice),
  boxDate: fromInput(emptyToNull, UpdateHumidorItem.shape.boxDate),
  readyOn: fromInput(emptyToNull, UpdateHumidorItem.shape.readyOn),
});
type EditItemValues = z.input<typeof EditItemForm>;

export function EditItemDialog({ item, open, onOpenChange }: { item: HumidorItem; open: boolean; onOpenChange: (o: boolean) => void }) {
  const { t, i18n } = useLingui();
  const { register, handleSubmit, formState: { errors } } = useForm<EditItemValues, unknown, z.output<typeof EditItemForm>>({
    resolver: zodResolver(EditItemForm),
    defaultValues: {
      quantity: String(item.quantity), location: item.location ?? '', status: item.status, notes: item.notes ?? '',
      pricePaid: item.pricePaid === null ? '' : String(item.pricePaid), boxDate: item.boxDate ?? '',
      currentPrice: item.currentPrice === null ? '' : String(item.currentPrice), readyOn: item.readyOn ?? '',
    },
  });
  const update = useUpdateHumidorItem();
  const photos = usePhotoPicker(item.photos);
  const failed = (err: unknown) => toast({ title: t`Failed to update item`, description: errorDetail(err), variant: 'error' });
  // The photos are sent only when they changed: the kept ones by object path, the new ones uploaded first; one left out is
  // deleted. The outcome on the promise: an edit that moves the item out of the current filter unmounts this dialog.
  const submit = (body: z.output<typeof EditItemForm>) =>
    void photos.send((paths) => update.mutateAsync({ id: item.id, body: paths ? { ...body, photos: paths } : body }), { onlyIfChanged: true }).then(
      () => {
        toast({ title: t`Humidor item updated`, variant: 'success' });
        onOpenChange(false);
      },
      failed,
    );
  const pending = photos.uploading || update.isPending;
  const cigar = `${item.brandName} ${item.cigarName}`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t`Edit ${cigar}`}>
        <form onSubmit={handleSubmit(submit)} className="grid grid-cols-2 gap-3" noValidate aria-label={t`Edit humidor item`}>
          <FormField label={t`Quantity`} error={errors.quantity?.message}>{(p) => <Input {...p} type="number" min={0} step={1} {...register('quantity')} />}</FormField>
          <FormField label={t`Status`} error={errors.status?.message}>
            {(p) => <Select {...p} {...register('status')}>{STATUSES.map((s) => <option key={s.value} value={s.value}>{i18n._(s.label)}</option>)}</Select>}
          </FormField>
          <FormField label={t`Location`} error={errors.location?.message} className="col-span-2">
            {(p) => <Input {...p} maxLength={80} placeholder={t`e.g. Top tray`} {...register('location')} />}
          </FormField>
          <FormField label={t`Price paid (per stick)`} error={errors.pricePaid?.message}>{(p) => <Input {...p} type="number" min={0} step={0.01} {...register('pricePaid')} />}</FormField>
          <FormField label={t`Current price (per stick)`} error={errors.currentPrice?.message}>{(p) => <Input {...p} type="number" min={0} step={0.01} {...register('currentPrice')} />}</FormField>
          <FormField label={t`Box date`} error={errors.boxDate?.message}>{(p) => <Input {...p} type="date" {...register('boxDate')} />}</FormField>
          <FormField label={t`Ready to smoke on`} error={errors.readyOn?.message}>{(p) => <Input {...p} type="date" {...register('readyOn')} />}</FormField>
          <FormField label={t`Notes`} error={errors.notes?.message} className="col-span-2">{(p) => <Textarea {...p} maxLength={2000} {...register('notes')} />}</FormField>
          <div className="col-span-2"><PhotoPicker picker={photos} disabled={pending} /></div>
          <FormActions
            onCancel={() => onOpenChange(false)} label={t`Save Changes`} pendingLabel={photos.uploading ? t`Uploading photos...` : t`Saving...`}
            pending={pending} className="col-span-2"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
