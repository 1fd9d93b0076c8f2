import type { HumidorItem } from '@torcedor/shared/schemas/humidor';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Input, Label, Select, Textarea } from '@/components/ui/input';
import { errorDetail } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useUpdateHumidorItem } from '../api/update-humidor-item';
import { STATUSES } from './status';

/** Spec section 5: quantity whole, min 0 (empty or invalid becomes 0); price step 0.01, empty is null; empty texts are null. */
export const toQuantity = (v: string) => {
  const n = Number(v);
  return v.trim() === '' || !Number.isInteger(n) || n < 0 ? 0 : n;
};
export const toPrice = (v: string) => (v.trim() === '' || Number.isNaN(Number(v)) ? null : Math.round(Number(v) * 100) / 100);
const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

export function EditItemDialog({ item, open, onOpenChange }: { item: HumidorItem; open: boolean; onOpenChange: (o: boolean) => void }) {
  const [f, setF] = useState({
    quantity: String(item.quantity), location: item.location ?? '', status: item.status, notes: item.notes ?? '',
    pricePaid: item.pricePaid === null ? '' : String(item.pricePaid), boxDate: item.boxDate ?? '',
    currentPrice: item.currentPrice === null ? '' : String(item.currentPrice), readyOn: item.readyOn ?? '',
  });
  const update = useUpdateHumidorItem();
  const id = useId();
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Outcome on the promise: an edit that moves the item out of the current filter unmounts this dialog.
    void update.mutateAsync({
      id: item.id,
      body: {
        quantity: toQuantity(f.quantity), location: orNull(f.location), status: f.status, notes: orNull(f.notes), pricePaid: toPrice(f.pricePaid),
        boxDate: f.boxDate || null, currentPrice: toPrice(f.currentPrice), readyOn: f.readyOn || null,
      },
    }).then(
      () => {
        toast({ title: 'Humidor item updated', variant: 'success' });
        onOpenChange(false);
      },
      (err: unknown) => toast({ title: 'Failed to update item', description: errorDetail(err), variant: 'error' }),
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={`Edit ${item.brandName} ${item.cigarName}`}>
        <form onSubmit={submit} className="grid grid-cols-2 gap-3" aria-label="Edit humidor item">
          <div><Label htmlFor={`${id}-q`}>Quantity</Label><Input id={`${id}-q`} type="number" min={0} step={1} value={f.quantity} onChange={set('quantity')} /></div>
          <div>
            <Label htmlFor={`${id}-s`}>Status</Label>
            <Select id={`${id}-s`} value={f.status} onChange={(e) => setF({ ...f, status: e.target.value as HumidorItem['status'] })}>
              {STATUSES.map((s) => <option key={s.value} value={s.value}>{s.label}</option>)}
            </Select>
          </div>
          <div className="col-span-2"><Label htmlFor={`${id}-l`}>Location</Label><Input id={`${id}-l`} maxLength={80} placeholder="e.g. Top tray" value={f.location} onChange={set('location')} /></div>
          <div><Label htmlFor={`${id}-p`}>Price paid (per stick)</Label><Input id={`${id}-p`} type="number" min={0} step={0.01} value={f.pricePaid} onChange={set('pricePaid')} /></div>
          <div><Label htmlFor={`${id}-c`}>Current price (per stick)</Label><Input id={`${id}-c`} type="number" min={0} step={0.01} value={f.currentPrice} onChange={set('currentPrice')} /></div>
          <div><Label htmlFor={`${id}-b`}>Box date</Label><Input id={`${id}-b`} type="date" value={f.boxDate} onChange={set('boxDate')} /></div>
          <div><Label htmlFor={`${id}-r`}>Ready to smoke on</Label><Input id={`${id}-r`} type="date" value={f.readyOn} onChange={set('readyOn')} /></div>
          <div className="col-span-2"><Label htmlFor={`${id}-n`}>Notes</Label><Textarea id={`${id}-n`} maxLength={2000} value={f.notes} onChange={set('notes')} /></div>
          <div className="col-span-2 flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>Cancel</Button>
            <Button type="submit" disabled={update.isPending}>{update.isPending ? 'Saving...' : 'Save Changes'}</Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
