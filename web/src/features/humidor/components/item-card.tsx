import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { DAY_MS } from '@torcedor/shared/constants';
import { isoDay, localTimeZone, parseIsoDate } from '@torcedor/shared/formatters';
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
import { formatDecimal, formatMoney } from '@/lib/numbers';
import { prefetchOnIntent } from '@/lib/prefetch-on-intent';
import { toast } from '@/lib/toast';
import { useDeleteHumidorItem } from '../api/delete-humidor-item';
import { statusOf } from './status';

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

/**
 * How long a box has aged (docs/product.md, "Validation", the shared agingLabel rule): years to one decimal (rounded
 * down) at 1 year or more, otherwise whole months; a box date in the future is 0 months; null for an unreadable date.
 */
export function agingOf(boxDate: string, now: Date): { years: number } | { months: number } | null {
  const b = parseIsoDate(boxDate);
  if (!b) return null;
  const days = (now.getTime() - Date.UTC(b.year, b.month - 1, b.day)) / DAY_MS;
  if (days < 0) return { months: 0 };
  const years = days / 365.25;
  if (years >= 1) return { years: Math.floor(years * 10) / 10 };
  return { months: Math.floor(days / (365.25 / 12)) };
}

export function ItemCard({ item, now }: { item: HumidorItem; now: Date }) {
  const { t, i18n } = useLingui();
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const del = useDeleteHumidorItem();
  const status = statusOf(item.status);
  const today = isoDay(now, localTimeZone());
  const ready = item.readyOn !== null && item.readyOn <= today;
  const rest = restProgress(item.boxDate, item.readyOn, today);
  const age = item.boxDate ? agingOf(item.boxDate, now) : null;
  const years = age && 'years' in age ? formatDecimal(age.years) : '';
  const months = age && 'months' in age ? age.months : 0;
  const aging = !age ? '' : 'years' in age ? t`${years} years` : t({ message: plural(months, { one: '# month', other: '# months' }) });
  const price = item.pricePaid === null ? '' : formatMoney(item.pricePaid);
  const cigar = `${item.brandName} ${item.cigarName}`;
  // The card leaves the list once the humidor is re-read, so the outcome is handled on the promise
  // (mutate's own callbacks do not run for an unmounted component).
  const remove = () => void del.mutateAsync(item.id).then(
    () => { toast({ title: t`Item removed from humidor`, variant: 'success' }); setRemoving(false); },
    (err: unknown) => toast({ title: t`Failed to remove item`, description: errorDetail(err), variant: 'error' }),
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
          <Badge className={status.className}>{i18n._(status.label)}</Badge>
          {ready ? <Badge className="bg-warning/20 text-warning"><Trans>Ready to smoke</Trans></Badge> : null}
        </div>
      </div>
      <CommunityRating averageRating={item.averageRating} reviewCount={item.reviewCount} className="mt-2" />
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div><dt className="text-muted"><Trans>Quantity</Trans></dt><dd className="font-semibold">{item.quantity}</dd></div>
        {item.pricePaid !== null ? <div><dt className="text-muted"><Trans>Paid</Trans></dt><dd><Trans>{price} each</Trans></dd></div> : null}
        {item.boxDate ? (
          <div><dt className="text-muted"><Trans>Aging</Trans></dt><dd className="flex items-center gap-1"><Clock className="h-3.5 w-3.5" aria-hidden />{aging}</dd></div>
        ) : null}
        {item.location ? <div><dt className="text-muted"><Trans>Location</Trans></dt><dd className="flex items-center gap-1"><MapPin className="h-3.5 w-3.5" aria-hidden />{item.location}</dd></div> : null}
        {item.readyOn && !ready ? <div><dt className="text-muted"><Trans>Ready on</Trans></dt><dd>{formatDate(item.readyOn)}</dd></div> : null}
      </dl>
      {rest !== null ? (
        <div className="mt-3">
          <div className="flex justify-between text-xs text-muted"><span><Trans>Box date</Trans></span><span><Trans context="aging timeline">Ready</Trans></span></div>
          <div
            role="progressbar" aria-label={t`Rest toward the ready date`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={rest}
            className="mt-1 h-2 overflow-hidden rounded-full bg-surface-2"
          >
            <div className={`h-full ${rest >= 100 ? 'bg-success' : 'bg-primary'}`} style={{ width: `${rest}%` }} />
          </div>
        </div>
      ) : null}
      {item.notes ? <p className="mt-2 text-sm italic text-muted">{item.notes}</p> : null}
      <div className="mt-auto flex justify-end gap-2 pt-4">
        <Button variant="outline" size="sm" {...editIntent} onClick={() => setEditing(true)} aria-label={t`Edit ${cigar}`}><Pencil className="h-4 w-4" aria-hidden /><Trans>Edit</Trans></Button>
        <Button variant="ghost" size="sm" onClick={() => setRemoving(true)} aria-label={t`Remove ${cigar}`}><Trash2 className="h-4 w-4" aria-hidden /><Trans>Remove</Trans></Button>
      </div>
      {editing ? <Suspense fallback={null}><EditItemDialog item={item} open={editing} onOpenChange={setEditing} /></Suspense> : null}
      <ConfirmDialog
        open={removing} onOpenChange={setRemoving} title={t`Remove item`} confirmLabel={t`Remove`} pending={del.isPending}
        text={t`Are you sure you want to remove this item from your humidor?`} onConfirm={remove}
      />
    </Card>
  );
}
