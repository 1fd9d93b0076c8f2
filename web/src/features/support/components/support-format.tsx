import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { routes } from '@torcedor/shared/routes';
import type { RouteResponse } from '@torcedor/shared/route';
import { SUPPORT_CATEGORIES } from '@torcedor/shared/schemas/support';
import { Badge } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/date-time';

export type SupportRequest = RouteResponse<typeof routes.getMySupportRequests>['items'][number];
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];

/** The topics of the form's select, in the schema's order (shown with `i18n._`). */
export const CATEGORY_LABELS: Record<SupportCategory, MessageDescriptor> = {
  account: msg`Account and sign-in`,
  billing: msg`Billing and Premium`,
  humidor: msg`Humidor and wishlist`,
  events: msg`Events`,
  community: msg`Feed and community`,
  other: msg`Something else`,
};

const STATUS_LABELS: Record<SupportRequest['status'], MessageDescriptor> = {
  open: msg({ message: 'Open', context: 'support request status' }),
  resolved: msg({ message: 'Resolved', context: 'support request status' }),
};
const STATUS_STYLES: Record<SupportRequest['status'], string> = { open: 'bg-primary/20 text-primary', resolved: 'bg-success/20 text-success' };

export function StatusBadge({ status }: { status: SupportRequest['status'] }) {
  const { i18n } = useLingui();
  return <Badge className={STATUS_STYLES[status]}>{i18n._(STATUS_LABELS[status])}</Badge>;
}

/** Marks a request sent by a premium (or trial) member: answered first. */
export function PriorityBadge({ className }: { className?: string }) {
  return <Badge className={cn('bg-primary text-primary-fg', className)}><Trans context="support request badge">Priority</Trans></Badge>;
}

export function When({ iso }: { iso: string }) {
  useLingui(); // redraws the date when the language changes
  return <time dateTime={iso}>{formatDateTime(iso)}</time>;
}
