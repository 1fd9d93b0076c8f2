import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { humidorStats } from '@torcedor/shared/collection';
import { isoDay, localTimeZone } from '@torcedor/shared/formatters';
import type { HumidorItem } from '@torcedor/shared/schemas/humidor';
import { AlarmClock } from 'lucide-react';
import { useMemo } from 'react';
import { Card } from '@/components/ui/card';
import { formatMoney, formatNumber } from '@/lib/numbers';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-surface-2 p-3 text-center">
      <p className="text-2xl font-bold text-primary">{value}</p>
      <p className="text-sm text-muted">{label}</p>
    </div>
  );
}

/** The cigars whose ready-on day has come (and are not smoked yet), named in one notice; nothing when there are none. */
export function ReadyNotice({ items, now }: { items: HumidorItem[]; now: Date }) {
  const today = isoDay(now, localTimeZone());
  const readyNow = items.filter((i) => i.readyOn !== null && i.readyOn <= today && i.status !== 'smoked');
  if (!readyNow.length) return null;
  // Catalog names: not translated.
  const count = readyNow.length;
  const names = readyNow.map((i) => `${i.brandName} ${i.cigarName}`).join(', ');
  return (
    <Card role="status" className="flex items-start gap-3 border-warning/50">
      <AlarmClock className="mt-0.5 h-5 w-5 shrink-0 text-warning" aria-hidden />
      <p>
        <Trans>
          <strong><Plural value={count} one="# cigar is ready to smoke" other="# cigars are ready to smoke" />:</strong> {names}.
        </Trans>
      </p>
    </Card>
  );
}

/** The collection's stats (sticks, unique cigars, aging), the free plan's limit, its origins and its valuation. */
export function CollectionCard({ items, now, totalSticks, cap }: { items: HumidorItem[]; now: Date; totalSticks: number; cap: number | null }) {
  const { t } = useLingui();
  const stats = useMemo(() => humidorStats(items, now), [items, now]);
  const paid = items.reduce((n, i) => n + (i.pricePaid ?? 0) * i.quantity, 0);
  const current = items.reduce((n, i) => n + (i.currentPrice ?? i.pricePaid ?? 0) * i.quantity, 0);
  const held = formatNumber(totalSticks);
  const limit = formatNumber(cap ?? 0);
  return (
    <Card className="lg:col-span-2">
      <h2 className="sr-only"><Trans>Collection stats</Trans></h2>
      <div className="grid grid-cols-3 gap-3">
        <Stat label={t`Total Sticks`} value={formatNumber(stats.totalSticks)} />
        <Stat label={t`Unique Cigars`} value={formatNumber(stats.uniqueCigars)} />
        <Stat label={t`Aging (2+ years)`} value={formatNumber(stats.aging)} />
      </div>
      {cap !== null ? (
        <p className="mt-3 text-sm text-muted"><Trans>{held} of {limit} cigars on the free plan. <Link to="/subscription">Premium</Link> removes the limit.</Trans></p>
      ) : null}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <h3 className="font-semibold"><Trans>Origins</Trans></h3>
          {stats.origins.length ? (
            <ul className="mt-1 space-y-1 text-sm">
              {stats.origins.map((o) => <li key={o.country} className="flex justify-between"><span>{o.country}</span><span className="text-muted">{formatNumber(o.count)}</span></li>)}
            </ul>
          ) : <p className="mt-1 text-sm text-muted"><Trans>No cigars yet.</Trans></p>}
        </div>
        <div>
          <h3 className="font-semibold"><Trans>Valuation</Trans></h3>
          <dl className="mt-1 space-y-1 text-sm">
            <div className="flex justify-between"><dt><Trans>Paid</Trans></dt><dd>{formatMoney(paid)}</dd></div>
            <div className="flex justify-between"><dt><Trans>Current value</Trans></dt><dd>{formatMoney(current)}</dd></div>
          </dl>
        </div>
      </div>
    </Card>
  );
}
