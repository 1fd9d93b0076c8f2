import type { Campaign } from '@torcedor/shared/schemas/marketing';
import { Badge } from '@/components/ui/card';
import { STATUS_LABELS, STATUS_STYLES } from './campaign-labels';
import { percent } from './format';

/** A campaign's own numbers: visits through its link, sign-ups and conversions attributed to it, and the rate. */
export function CampaignStats({ stats }: { stats: Campaign['stats'] }) {
  const figures = [['Visits', stats.visits], ['Sign-ups', stats.signups], ['Conversions', stats.conversions], ['Rate', percent(stats.conversionRate)]] as const;
  return <Figures figures={figures} className="grid-cols-4" />;
}

/** Labelled numbers in a grid of tiles (a campaign's numbers, its email's). */
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
  return <Badge className={STATUS_STYLES[status]}>{STATUS_LABELS[status]}</Badge>;
}
