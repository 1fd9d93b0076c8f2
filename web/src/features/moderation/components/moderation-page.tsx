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
import { toast } from '@/lib/toast';
import { reportsQuery } from '../api/list-reports';
import { useResolveReport, type ResolveAction } from '../api/resolve-report';
import { STATUS_FILTERS, type StatusFilter } from './status-filters';

type Report = RouteResponse<typeof routes.listReports>[number];

const FILTER_LABELS: Record<StatusFilter, string> = { open: 'Open', hidden: 'Hidden', dismissed: 'Dismissed', all: 'All' };
const TYPE_LABELS: Record<Report['targetType'], string> = { post: 'Post', comment: 'Comment', review: 'Review', member: 'Member', message: 'Message' };
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
      <h1 className="mt-4 text-3xl font-bold">Access Restricted</h1>
      <p className="mt-2 text-muted">This area is restricted to platform administrators.</p>
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
  const { data: reports } = useSuspenseQuery(reportsQuery);
  const resolve = useResolveReport();
  const counts = Object.fromEntries(STATUS_FILTERS.map((s) => [s, s === 'all' ? reports.length : reports.filter((r) => r.status === s).length])) as Record<StatusFilter, number>;
  const shown = status === 'all' ? reports : reports.filter((r) => r.status === status);

  const act = (report: Report, action: ResolveAction) => {
    resolve.mutate({ id: report.id, action }, {
      onSuccess: () => toast({ title: action === 'hide' ? 'Content hidden' : 'Report dismissed', variant: 'success' }),
      onError: (err) => toast({ title: 'Error', description: errorText(err, 'Failed to update report'), variant: 'error' }),
    });
  };
  const busy = (report: Report) => resolve.isPending && resolve.variables?.id === report.id;

  return (
    <>
      <PageTitle title="Moderation" subtitle="Reports from members about posts, comments, reviews and members." />
      <div role="group" aria-label="Filter by status" className="mb-6 flex flex-wrap gap-2">
        {STATUS_FILTERS.map((s) => (
          <Button key={s} size="sm" variant={s === status ? 'primary' : 'outline'} aria-pressed={s === status} onClick={() => onStatusChange(s)}>
            {FILTER_LABELS[s]} <span className={cn('text-xs', s === status ? 'opacity-80' : 'text-muted')}>({counts[s]})</span>
          </Button>
        ))}
      </div>
      {shown.length === 0 ? (
        <EmptyState title={status === 'open' ? 'No open reports' : 'No reports'} text={status === 'open' ? 'The queue is clear.' : 'No report has this status.'} />
      ) : (
        <ul className="space-y-3" aria-label="Reports">
          {shown.map((r) => (
            <li key={r.id}>
              <Card className="space-y-3">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge className="bg-surface-2 text-fg">{TYPE_LABELS[r.targetType]}</Badge>
                  <Badge className={STATUS_STYLES[r.status]}>{FILTER_LABELS[r.status]}</Badge>
                  <span className="ml-auto text-xs text-muted">
                    Reported by <span className="font-medium text-fg">{r.reporterName}</span> · <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
                  </span>
                </div>
                <blockquote className="whitespace-pre-wrap break-words border-l-2 border-border pl-3 text-fg">
                  {r.excerpt ?? <span className="italic text-muted">No excerpt available</span>}
                </blockquote>
                <p className="whitespace-pre-wrap break-words text-sm"><span className="font-semibold">Reason: </span>{r.reason}</p>
                {r.status !== 'hidden' ? (
                  <div className="flex justify-end gap-2">
                    {r.status === 'open' ? (
                      <Button size="sm" variant="outline" disabled={busy(r)} onClick={() => act(r, 'dismiss')}>Dismiss</Button>
                    ) : null}
                    <Button size="sm" variant="danger" disabled={busy(r)} onClick={() => act(r, 'hide')}>Hide content</Button>
                  </div>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
