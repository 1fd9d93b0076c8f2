import { useQuery } from '@tanstack/react-query';
import type { Cigar } from '@torcedor/shared/schemas/catalog';
import { Search } from 'lucide-react';
import { useDeferredValue, useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Input, Label, Textarea } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { errorDetail } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useAddHumidorItem } from '../api/add-humidor-item';
import { cigarQuery, findCigarsQuery } from '../api/find-cigars';
import { toPrice } from './edit-item-dialog';

/** The Add Cigar dialog: search the catalog, then quantity (min 1, default 1), location, box date, notes, price. */
export function AddCigarDialog({ open, onOpenChange, cigarId }: { open: boolean; onOpenChange: (o: boolean) => void; cigarId?: string }) {
  const [q, setQ] = useState('');
  const deferred = useDeferredValue(q.trim());
  const found = useQuery(findCigarsQuery(deferred));
  const preset = useQuery({ ...cigarQuery(cigarId ?? ''), enabled: !!cigarId });
  const [picked, setPicked] = useState<Cigar | null>(null);
  const [f, setF] = useState({ quantity: '1', location: '', boxDate: '', notes: '', pricePaid: '' });
  const add = useAddHumidorItem();
  const id = useId();
  useEffect(() => { if (preset.data) setPicked(preset.data); }, [preset.data]);
  const reset = () => { setQ(''); setPicked(null); setF({ quantity: '1', location: '', boxDate: '', notes: '', pricePaid: '' }); };
  const close = (o: boolean) => { if (!o) reset(); onOpenChange(o); };
  const quantity = Number(f.quantity);
  const valid = picked && Number.isInteger(quantity) && quantity >= 1;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!picked || !valid) return;
    add.mutate({
      cigarId: picked.id, quantity, location: f.location.trim() || null, boxDate: f.boxDate || null,
      notes: f.notes.trim() || null, pricePaid: toPrice(f.pricePaid),
    }, {
      onSuccess: () => { toast({ title: 'Item added to humidor', variant: 'success' }); close(false); },
      onError: (err) => toast({ title: 'Failed to add item to humidor', description: errorDetail(err), variant: 'error' }),
    });
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title="Add Cigar" description="Find it in the curated catalog, then tell us about your sticks." className="max-w-xl">
        <form onSubmit={submit} className="space-y-3" aria-label="Add cigar">
          {picked ? (
            <div className="flex items-center justify-between rounded-md border border-primary/50 bg-primary/10 p-3">
              <div><p className="font-semibold">{picked.brandName} {picked.name}</p><p className="text-sm text-muted">{picked.vitola} · {picked.length}" × {picked.ringGauge}</p></div>
              <Button variant="ghost" size="sm" onClick={() => setPicked(null)}>Change</Button>
            </div>
          ) : (
            <div>
              <Label htmlFor={`${id}-search`}>Search the catalog</Label>
              <div className="relative">
                <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden />
                <Input id={`${id}-search`} className="pl-9" placeholder="Brand, line or vitola" autoComplete="off" value={q} onChange={(e) => setQ(e.target.value)} />
              </div>
              {deferred ? (
                <ul className="mt-2 max-h-60 overflow-y-auto rounded-md border border-border" aria-label="Matching cigars">
                  {found.isPending ? <li className="p-3 text-sm text-muted">Searching...</li> : null}
                  {found.data?.length === 0 ? <li className="p-3 text-sm text-muted">No results found for "{deferred}"</li> : null}
                  {found.data?.slice(0, 20).map((c) => (
                    <li key={c.id}>
                      <button type="button" onClick={() => setPicked(c)} className={cn('w-full px-3 py-2 text-left hover:bg-surface-2')}>
                        <span className="font-medium">{c.brandName} {c.name}</span>
                        <span className="block text-xs text-muted">{c.vitola} · {c.length}" × {c.ringGauge} · {c.country}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          )}
          <div className="grid grid-cols-2 gap-3">
            <div><Label htmlFor={`${id}-q`}>Quantity</Label><Input id={`${id}-q`} type="number" min={1} step={1} value={f.quantity} onChange={(e) => setF({ ...f, quantity: e.target.value })} /></div>
            <div><Label htmlFor={`${id}-p`}>Price paid (per stick)</Label><Input id={`${id}-p`} type="number" min={0} step={0.01} value={f.pricePaid} onChange={(e) => setF({ ...f, pricePaid: e.target.value })} /></div>
            <div><Label htmlFor={`${id}-l`}>Location</Label><Input id={`${id}-l`} maxLength={80} placeholder="e.g. Top tray" value={f.location} onChange={(e) => setF({ ...f, location: e.target.value })} /></div>
            <div><Label htmlFor={`${id}-b`}>Box date</Label><Input id={`${id}-b`} type="date" value={f.boxDate} onChange={(e) => setF({ ...f, boxDate: e.target.value })} /></div>
          </div>
          <div><Label htmlFor={`${id}-n`}>Notes</Label><Textarea id={`${id}-n`} maxLength={2000} value={f.notes} onChange={(e) => setF({ ...f, notes: e.target.value })} /></div>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => close(false)}>Cancel</Button>
            <Button type="submit" disabled={!valid || add.isPending}>{add.isPending ? 'Adding...' : 'Add to Humidor'}</Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
