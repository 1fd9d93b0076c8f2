import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { routes } from '@torcedor/shared/routes';
import type { RouteResponse } from '@torcedor/shared/route';
import { ShieldAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Badge, Card, EmptyState, PageTitle } from '@/components/ui/card';
import { errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useCurrentUser } from '@/lib/current-user';
import { formatDateTime } from '@/lib/date-time';
import { formatNumber } from '@/lib/numbers';
import { toast } from '@/lib/toast';
import { reportsQuery } from '../api/list-reports';
import { useResolveReport, type ResolveAction } from '../api/resolve-report';
import { STATUS_FILTERS, type StatusFilter } from './status-filters';

type Report = RouteResponse<typeof routes.listReports>[number];

/** The filter's buttons (the reports that are…) and one report's badge: the same English, not always in other languages. */
const FILTER_LABELS: Record<StatusFilter, MessageDescriptor> = {
  open: msg({ message: 'Open', context: 'reports filter' }),
  hidden: msg({ message: 'Hidden', context: 'reports filter' }),
  dismissed: msg({ message: 'Dismissed', context: 'reports filter' }),
  all: msg({ message: 'All', context: 'reports filter' }),
};
const STATUS_LABELS: Record<Report['status'], MessageDescriptor> = {
  open: msg({ message: 'Open', context: 'report status' }),
  hidden: msg({ message: 'Hidden', context: 'report status' }),
  dismissed: msg({ message: 'Dismissed', context: 'report status' }),
};
const TYPE_LABELS: Record<Report['targetType'], MessageDescriptor> = {
  post: msg({ message: 'Post', context: 'reported content' }),
  comment: msg({ message: 'Comment', context: 'reported content' }),
  review: msg({ message: 'Review', context: 'reported content' }),
  member: msg({ message: 'Member', context: 'reported content' }),
  message: msg({ message: 'Message', context: 'reported content' }),
};
const STATUS_STYLES: Record<Report['status'], string> = {
  open: 'bg-primary/20 text-primary',
  hidden: 'bg-danger/20 text-danger',
  dismissed: 'bg-surface-2 text-muted',
};

/** What a non-owner sees: the page is for the platform's administrators only (the API answers them 403 anyway). */
export function AccessRestricted() {
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <ShieldAlert className="mx-auto h-10 w-10 text-muted" aria-hidden />
      <h1 className="mt-4 text-3xl font-bold"><Trans>Access Restricted</Trans></h1>
      <p className="mt-2 text-muted"><Trans>This area is restricted to platform administrators.</Trans></p>
    </div>
  );
}

/** /moderation: the owners' queue of reported posts, comments, reviews and members. */
export function ModerationPage({ status, onStatusChange }: { status: StatusFilter; onStatusChange: (s: StatusFilter) => void }) {
  const user = useCurrentUser();
  if (!user?.isOwner) return <AccessRestricted />;
  return <ModerationQueue status={status} onStatusChange={onStatusChange} />;
}

function ModerationQueue({ status, onStatusChange }: { status: StatusFilter; onStatusChange: (s: StatusFilter) => void }) {
  const { t, i18n } = useLingui();
  const { data: reports } = useSuspenseQuery(reportsQuery);
  const resolve = useResolveReport();
  const counts = Object.fromEntries(STATUS_FILTERS.map((s) => [s, s === 'all' ? reports.length : reports.filter((r) => r.status === s).length])) as Record<StatusFilter, number>;
  const shown = status === 'all' ? reports : reports.filter((r) => r.status === status);

  const act = (report: Report, action: ResolveAction) => {
    resolve.mutate({ id: report.id, action }, {
      onSuccess: () => toast({ title: action === 'hide' ? t`Content hidden` : t`Report dismissed`, variant: 'success' }),
      onError: (err) => toast({ title: t`Error`, description: errorText(err, t`Failed to update report`), variant: 'error' }),
    });
  };
  const busy = (report: Report) => resolve.isPending && resolve.variables?.id === report.id;

  return (
    <>
      <PageTitle title={t`Moderation`} subtitle={t`Reports from members about posts, comments, reviews and members.`} />
      <div role="group" aria-label={t`Filter by status`} className="mb-6 flex flex-wrap gap-2">
        {STATUS_FILTERS.map((s) => (
          <Button key={s} size="sm" variant={s === status ? 'primary' : 'outline'} aria-pressed={s === status} onClick={() => onStatusChange(s)}>
            {i18n._(FILTER_LABELS[s])} <span className={cn('text-xs', s === status ? 'opacity-80' : 'text-muted')}>({formatNumber(counts[s])})</span>
          </Button>
        ))}
      </div>
      {shown.length === 0 ? (
        <EmptyState title={status === 'open' ? t`No open reports` : t`No reports`} text={status === 'open' ? t`The queue is clear.` : t`No report has this status.`} />
      ) : (
        <ul className="space-y-3" aria-label={t`Reports`}>
          {shown.map((r) => (
            <ReportItem key={r.id} report={r} busy={busy(r)} onAct={(action) => act(r, action)} />
          ))}
        </ul>
      )}
    </>
  );
}

function ReportItem({ report: r, busy, onAct }: { report: Report; busy: boolean; onAct: (action: ResolveAction) => void }) {
  const { i18n } = useLingui();
  const reporter = r.reporterName;
  const reason = r.reason;
  const when = formatDateTime(r.createdAt);
  return (
    <li>
      <Card className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge className="bg-surface-2 text-fg">{i18n._(TYPE_LABELS[r.targetType])}</Badge>
          <Badge className={STATUS_STYLES[r.status]}>{i18n._(STATUS_LABELS[r.status])}</Badge>
          <span className="ml-auto text-xs text-muted">
            <Trans>Reported by <span className="font-medium text-fg">{reporter}</span> · <time dateTime={r.createdAt}>{when}</time></Trans>
          </span>
        </div>
        <blockquote className="whitespace-pre-wrap break-words border-l-2 border-border pl-3 text-fg">
          {r.excerpt ?? <span className="italic text-muted"><Trans>No excerpt available</Trans></span>}
        </blockquote>
        <p className="whitespace-pre-wrap break-words text-sm"><Trans><span className="font-semibold">Reason: </span>{reason}</Trans></p>
        {r.status !== 'hidden' ? (
          <div className="flex justify-end gap-2">
            {r.status === 'open' ? (
              <Button size="sm" variant="outline" disabled={busy} onClick={() => onAct('dismiss')}><Trans>Dismiss</Trans></Button>
            ) : null}
            <Button size="sm" variant="danger" disabled={busy} onClick={() => onAct('hide')}><Trans>Hide content</Trans></Button>
          </div>
        ) : null}
      </Card>
    </li>
  );
}
