import { useLingui } from '@lingui/react/macro';
import type { Campaign } from '@torcedor/shared/schemas/marketing';
import { Badge } from '@/components/ui/card';
import { formatNumber, formatPercent } from '@/lib/numbers';
import { STATUS_LABELS, STATUS_STYLES } from './campaign-labels';

/** A campaign's own numbers: visits through its link, sign-ups and conversions attributed to it, and the rate. */
export function CampaignStats({ stats }: { stats: Campaign['stats'] }) {
  const { t } = useLingui();
  const figures = [
    [t`Visits`, formatNumber(stats.visits)], [t`Sign-ups`, formatNumber(stats.signups)],
    [t`Conversions`, formatNumber(stats.conversions)], [t`Rate`, formatPercent(stats.conversionRate)],
  ] as const;
  return <Figures figures={figures} className="grid-cols-4" />;
}

/** Labelled numbers in a grid of tiles (a campaign's numbers, its email's); names and values already in words. */
export function Figures({ figures, className, label }: { figures: readonly (readonly [string, string | number])[]; className: string; label?: string }) {
  return (
    <dl className={`grid gap-2 text-center ${className}`} aria-label={label}>
      {figures.map(([name, value]) => (
        <div key={name} className="rounded-md bg-surface-2 p-2">
          <dt className="text-xs text-muted">{name}</dt>
          <dd className="font-bold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function StatusBadge({ status }: { status: Campaign['status'] }) {
  const { i18n } = useLingui();
  return <Badge className={STATUS_STYLES[status]}>{i18n._(STATUS_LABELS[status])}</Badge>;
}
