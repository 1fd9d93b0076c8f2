import type { routes } from '@torcedor/shared/routes';
import type { RouteResponse } from '@torcedor/shared/route';
import { SUPPORT_CATEGORIES } from '@torcedor/shared/schemas/support';
import { Badge } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/date-time';

export type SupportRequest = RouteResponse<typeof routes.getMySupportRequests>['items'][number];
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];

/** The topics of the form's select, in the schema's order. */
export const CATEGORY_LABELS: Record<SupportCategory, string> = {
  account: 'Account and sign-in',
  billing: 'Billing and Premium',
  humidor: 'Humidor and wishlist',
  events: 'Events',
  community: 'Feed and community',
  other: 'Something else',
};

const STATUS_LABELS: Record<SupportRequest['status'], string> = { open: 'Open', resolved: 'Resolved' };
const STATUS_STYLES: Record<SupportRequest['status'], string> = { open: 'bg-primary/20 text-primary', resolved: 'bg-success/20 text-success' };

export function StatusBadge({ status }: { status: SupportRequest['status'] }) {
  return <Badge className={STATUS_STYLES[status]}>{STATUS_LABELS[status]}</Badge>;
}

/** Marks a request sent by a premium (or trial) member: answered first. */
export function PriorityBadge({ className }: { className?: string }) {
  return <Badge className={cn('bg-primary text-primary-fg', className)}>Priority</Badge>;
}

export function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDateTime(iso)}</time>;
}
