import { agingLabel, isoDay, localTimeZone } from '@torcedor/shared/formatters';
import type { HumidorItem } from '@torcedor/shared/schemas/humidor';
import { Clock, MapPin, Pencil, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { CigarPicture } from '@/components/cigar-picture';
import { CommunityRating } from '@/components/community-rating';
import { Button } from '@/components/ui/button';
import { Badge, Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { errorDetail } from '@/lib/api-client';
import { formatDate } from '@/lib/date-time';
import { prefetchOnIntent } from '@/lib/prefetch-on-intent';
import { toast } from '@/lib/toast';
import { useDeleteHumidorItem } from '../api/delete-humidor-item';
import { money, statusOf } from './status';

/** Loaded when first opened, fetched when the pointer or the focus reaches the Edit button. */
const loadEditDialog = () => import('./edit-item-dialog');
const EditItemDialog = lazy(() => loadEditDialog().then((m) => ({ default: m.EditItemDialog })));
const editIntent = prefetchOnIntent(loadEditDialog);

/** How far (0-100) an item has rested from its box date toward the ready date the member set. */
export function restProgress(boxDate: string | null, readyOn: string | null, today: string): number | null {
  if (!boxDate || !readyOn || readyOn <= boxDate) return null;
  const day = (d: string) => Date.parse(`${d}T00:00:00Z`);
  const share = (day(today) - day(boxDate)) / (day(readyOn) - day(boxDate));
  return Math.round(Math.min(1, Math.max(0, share)) * 100);
}

export function ItemCard({ item, now }: { item: HumidorItem; now: Date }) {
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const del = useDeleteHumidorItem();
  const status = statusOf(item.status);
  const today = isoDay(now, localTimeZone());
  const ready = item.readyOn !== null && item.readyOn <= today;
  const rest = restProgress(item.boxDate, item.readyOn, today);
  // The card leaves the list once the humidor is re-read, so the outcome is handled on the promise
  // (mutate's own callbacks do not run for an unmounted component).
  const remove = () => void del.mutateAsync(item.id).then(
    () => { toast({ title: 'Item removed from humidor', variant: 'success' }); setRemoving(false); },
    (err: unknown) => toast({ title: 'Failed to remove item', description: errorDetail(err), variant: 'error' }),
  );
  return (
    <Card className="flex flex-col">
      <CigarPicture
        cigar={{ brandName: item.brandName, name: item.cigarName, vitola: item.cigarVitola, length: item.cigarLength, ringGauge: item.cigarRingGauge, wrapper: item.cigarWrapper }}
        photos={[...item.photos, item.cigarImageUrl]} zoomable className="mb-4"
      />
      <div className="flex items-start justify-between gap-2">
        <div>
          <p className="text-sm text-muted">{item.brandName}</p>
          <h3 className="text-lg font-semibold">{item.cigarName}</h3>
          <p className="text-sm text-muted">{[item.cigarVitola, item.cigarLength && item.cigarRingGauge ? `${item.cigarLength}" × ${item.cigarRingGauge}` : null, item.brandCountry].filter(Boolean).join(' · ')}</p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <Badge className={status.className}>{status.label}</Badge>
          {ready ? <Badge className="bg-warning/20 text-warning">Ready to smoke</Badge> : null}
        </div>
      </div>
      <CommunityRating averageRating={item.averageRating} reviewCount={item.reviewCount} className="mt-2" />
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div><dt className="text-muted">Quantity</dt><dd className="font-semibold">{item.quantity}</dd></div>
        {item.pricePaid !== null ? <div><dt className="text-muted">Paid</dt><dd>{money(item.pricePaid)} each</dd></div> : null}
        {item.boxDate ? (
          <div><dt className="text-muted">Aging</dt><dd className="flex items-center gap-1"><Clock className="h-3.5 w-3.5" aria-hidden />{agingLabel(item.boxDate, now)}</dd></div>
        ) : null}
        {item.location ? <div><dt className="text-muted">Location</dt><dd className="flex items-center gap-1"><MapPin className="h-3.5 w-3.5" aria-hidden />{item.location}</dd></div> : null}
        {item.readyOn && !ready ? <div><dt className="text-muted">Ready on</dt><dd>{formatDate(item.readyOn)}</dd></div> : null}
      </dl>
      {rest !== null ? (
        <div className="mt-3">
          <div className="flex justify-between text-xs text-muted"><span>Box date</span><span>Ready</span></div>
          <div
            role="progressbar" aria-label="Rest toward the ready date" aria-valuemin={0} aria-valuemax={100} aria-valuenow={rest}
            className="mt-1 h-2 overflow-hidden rounded-full bg-surface-2"
          >
            <div className={`h-full ${rest >= 100 ? 'bg-success' : 'bg-primary'}`} style={{ width: `${rest}%` }} />
          </div>
        </div>
      ) : null}
      {item.notes ? <p className="mt-2 text-sm italic text-muted">{item.notes}</p> : null}
      <div className="mt-auto flex justify-end gap-2 pt-4">
        <Button variant="outline" size="sm" {...editIntent} onClick={() => setEditing(true)} aria-label={`Edit ${item.brandName} ${item.cigarName}`}><Pencil className="h-4 w-4" aria-hidden />Edit</Button>
        <Button variant="ghost" size="sm" onClick={() => setRemoving(true)} aria-label={`Remove ${item.brandName} ${item.cigarName}`}><Trash2 className="h-4 w-4" aria-hidden />Remove</Button>
      </div>
      {editing ? <Suspense fallback={null}><EditItemDialog item={item} open={editing} onOpenChange={setEditing} /></Suspense> : null}
      <ConfirmDialog
        open={removing} onOpenChange={setRemoving} title="Remove item" confirmLabel="Remove" pending={del.isPending}
        text="Are you sure you want to remove this item from your humidor?" onConfirm={remove}
      />
    </Card>
  );
}
