import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { Cigar } from '@torcedor/shared/schemas/catalog';
import { AddHumidorItem } from '@torcedor/shared/schemas/humidor';
import { Camera, Search } from 'lucide-react';
import { useDeferredValue, useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import { CigarIllustration } from '@/components/cigar-illustration';
import { PhotoPicker, usePhotoPicker } from '@/components/photo-picker';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormActions } from '@/components/ui/form-actions';
import { FormField } from '@/components/ui/form-field';
import { Input, Label, Textarea } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { errorDetail } from '@/lib/api-client';
import { emptyToNull, fromInput } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useAddHumidorItem } from '@/lib/api/add-humidor-item';
import { useFindCigars } from '../api/find-cigars';
import { cigarQuery } from '../api/get-cigar';
import { toPrice } from './edit-item-dialog';

/**
 * POST /api/humidor's body from the dialog's inputs (the dialog sends no status: the server's default, owned, applies);
 * the photos come from the picker.
 */
const AddCigarForm = AddHumidorItem.omit({ status: true, photos: true }).extend({
  quantity: fromInput((v) => Number(v), AddHumidorItem.shape.quantity),
  pricePaid: fromInput(toPrice, AddHumidorItem.shape.pricePaid),
  boxDate: fromInput(emptyToNull, AddHumidorItem.shape.boxDate),
});
type AddCigarValues = z.input<typeof AddCigarForm>;
const EMPTY: AddCigarValues = { cigarId: '', quantity: '1', location: '', boxDate: '', notes: '', pricePaid: '' };

/** The Add Cigar dialog: search the catalog, then quantity (min 1, default 1), location, box date, notes, price, photos. */
export function AddCigarDialog({ open, onOpenChange, cigarId }: { open: boolean; onOpenChange: (o: boolean) => void; cigarId?: string }) {
  const { t } = useLingui();
  const preset = useQuery({ ...cigarQuery(cigarId ?? ''), enabled: !!cigarId });
  const [picked, setPicked] = useState<Cigar | null>(null);
  const { register, handleSubmit, setValue, reset, formState: { errors, isValid } } = useForm<AddCigarValues, unknown, z.output<typeof AddCigarForm>>({
    resolver: zodResolver(AddCigarForm),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const add = useAddHumidorItem();
  const photos = usePhotoPicker();
  const pending = photos.uploading || add.isPending;
  const pick = (c: Cigar | null) => {
    setPicked(c);
    setValue('cigarId', c?.id ?? '', { shouldValidate: true });
  };
  useEffect(() => {
    if (!preset.data) return;
    setPicked(preset.data);
    setValue('cigarId', preset.data.id, { shouldValidate: true });
  }, [preset.data, setValue]);
  const close = (o: boolean) => {
    if (!o) { setPicked(null); reset(EMPTY); photos.clear(); }
    onOpenChange(o);
  };

  const failed = (err: unknown) => toast({ title: t`Failed to add item to humidor`, description: errorDetail(err), variant: 'error' });
  // The photos go up first (a retry does not send one twice); the item registers them.
  const submit = (body: z.output<typeof AddCigarForm>) =>
    void photos.send((paths) => add.mutateAsync(paths.length ? { ...body, photos: paths } : body)).then(
      () => { toast({ title: t`Item added to humidor`, variant: 'success' }); close(false); },
      failed,
    );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title={t`Add Cigar`} description={t`Find it in the curated catalog, then tell us about your sticks.`} className="max-w-xl">
        <form onSubmit={handleSubmit(submit)} className="space-y-3" noValidate aria-label={t`Add cigar`}>
          <CatalogPick picked={picked} onPick={pick} />
          <div className="grid grid-cols-2 gap-3">
            <FormField label={t`Quantity`} error={errors.quantity?.message}>{(p) => <Input {...p} type="number" min={1} step={1} {...register('quantity')} />}</FormField>
            <FormField label={t`Price paid (per stick)`} error={errors.pricePaid?.message}>{(p) => <Input {...p} type="number" min={0} step={0.01} {...register('pricePaid')} />}</FormField>
            <FormField label={t`Location`} error={errors.location?.message}>{(p) => <Input {...p} maxLength={80} placeholder={t`e.g. Top tray`} {...register('location')} />}</FormField>
            <FormField label={t`Box date`} error={errors.boxDate?.message}>{(p) => <Input {...p} type="date" {...register('boxDate')} />}</FormField>
          </div>
          <FormField label={t`Notes`} error={errors.notes?.message}>{(p) => <Textarea {...p} maxLength={2000} {...register('notes')} />}</FormField>
          <PhotoPicker picker={photos} disabled={pending} />
          <FormActions
            onCancel={() => close(false)} label={t`Add to Humidor`} pendingLabel={photos.uploading ? t`Uploading photos...` : t`Adding...`}
            pending={pending} disabled={!picked || !isValid}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The cigar being added: the one picked (with Change), or a search of the catalog (and the band scan) to pick it. */
function CatalogPick({ picked, onPick }: { picked: Cigar | null; onPick: (c: Cigar | null) => void }) {
  const { t } = useLingui();
  const [q, setQ] = useState('');
  const deferred = useDeferredValue(q.trim());
  const found = useFindCigars(deferred);
  const id = useId();
  const pick = (c: Cigar | null) => { if (!c) setQ(''); onPick(c); };
  return (
    picked ? (
      <div className="flex items-center justify-between gap-3 rounded-md border border-primary/50 bg-primary/10 p-3">
        <div className="aspect-[5/2] w-24 shrink-0 overflow-hidden rounded"><CigarIllustration cigar={picked} /></div>
        <div className="min-w-0 flex-1"><p className="font-semibold">{picked.brandName} {picked.name}</p><p className="text-sm text-muted">{picked.vitola} · {picked.length}" × {picked.ringGauge}</p></div>
        <Button variant="ghost" size="sm" onClick={() => pick(null)}><Trans>Change</Trans></Button>
      </div>
    ) : (
      <div>
        <div className="flex items-baseline justify-between gap-2">
          <Label htmlFor={`${id}-search`}><Trans>Search the catalog</Trans></Label>
          {/* Band scan (docs/band-scan.md). A plain link: the dialog is also rendered without a router. */}
          <a href="/scan" className="inline-flex items-center gap-1 text-sm"><Camera className="h-3.5 w-3.5" aria-hidden /><Trans>Scan a band</Trans></a>
        </div>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden />
          <Input id={`${id}-search`} className="pl-9" placeholder={t`Brand, line or vitola`} autoComplete="off" value={q} onChange={(e) => setQ(e.target.value)} />
        </div>
        {deferred ? (
          <ul className="mt-2 max-h-60 overflow-y-auto rounded-md border border-border" aria-label={t`Matching cigars`}>
            {found.isPending ? <li className="p-3 text-sm text-muted"><Trans>Searching...</Trans></li> : null}
            {found.data?.length === 0 ? <li className="p-3 text-sm text-muted"><Trans>No results found for "{deferred}"</Trans></li> : null}
            {found.data?.slice(0, 20).map((c) => (
              <li key={c.id}>
                <button type="button" onClick={() => pick(c)} className={cn('w-full px-3 py-2 text-left hover:bg-surface-2')}>
                  <span className="font-medium">{c.brandName} {c.name}</span>
                  <span className="block text-xs text-muted">{c.vitola} · {c.length}" × {c.ringGauge} · {c.country}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    )
  );
}
