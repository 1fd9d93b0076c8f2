import type { Campaign } from '@torcedor/shared/schemas/marketing';
import { Badge } from '@/components/ui/card';
import { STATUS_LABELS, STATUS_STYLES } from './campaign-labels';
import { percent } from './format';

/** A campaign's own numbers: visits through its link, sign-ups and conversions attributed to it, and the rate. */
export function CampaignStats({ stats }: { stats: Campaign['stats'] }) {
  const figures = [['Visits', stats.visits], ['Sign-ups', stats.signups], ['Conversions', stats.conversions], ['Rate', percent(stats.conversionRate)]] as const;
  return (
    <dl className="grid grid-cols-4 gap-2 text-center">
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-md bg-surface-2 p-2">
          <dt className="text-xs text-muted">{label}</dt>
          <dd className="font-bold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function StatusBadge({ status }: { status: Campaign['status'] }) {
  return <Badge className={STATUS_STYLES[status]}>{STATUS_LABELS[status]}</Badge>;
}
