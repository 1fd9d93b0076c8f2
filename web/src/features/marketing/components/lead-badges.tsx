import type { Lead } from '@torcedor/shared/schemas/marketing';
import { Badge } from '@/components/ui/card';

const LEAD_STATUS_STYLES: Record<Lead['status'], string> = {
  new: 'bg-surface-2 text-fg',
  engaged: 'bg-primary/20 text-primary',
  converted: 'bg-success/20 text-success',
};
export const LEAD_STATUS_LABELS: Record<Lead['status'], string> = { new: 'New', engaged: 'Engaged', converted: 'Converted' };

export function LeadStatusBadge({ status }: { status: Lead['status'] }) {
  return <Badge className={LEAD_STATUS_STYLES[status]}>{LEAD_STATUS_LABELS[status]}</Badge>;
}

/** A lead who refused marketing emails (Settings): left out of every audience (docs/marketing.md, "Leads"). */
export function NotContactableBadge() {
  return <Badge className="bg-danger/15 text-danger" title="This member does not accept marketing emails">Not contactable</Badge>;
}
