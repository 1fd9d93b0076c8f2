import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Lead } from '@torcedor/shared/schemas/marketing';
import { Badge } from '@/components/ui/card';

const LEAD_STATUS_STYLES: Record<Lead['status'], string> = {
  new: 'bg-surface-2 text-fg',
  engaged: 'bg-primary/20 text-primary',
  converted: 'bg-success/20 text-success',
};
export const LEAD_STATUS_LABELS: Record<Lead['status'], MessageDescriptor> = {
  new: msg({ message: 'New', context: 'lead status' }),
  engaged: msg({ message: 'Engaged', context: 'lead status' }),
  converted: msg({ message: 'Converted', context: 'lead status' }),
};

export function LeadStatusBadge({ status }: { status: Lead['status'] }) {
  const { i18n } = useLingui();
  return <Badge className={LEAD_STATUS_STYLES[status]}>{i18n._(LEAD_STATUS_LABELS[status])}</Badge>;
}

/** A lead who refused marketing emails (Settings): left out of every audience (docs/marketing.md, "Leads"). */
export function NotContactableBadge() {
  const { t } = useLingui();
  return <Badge className="bg-danger/15 text-danger" title={t`This member does not accept marketing emails`}><Trans>Not contactable</Trans></Badge>;
}
