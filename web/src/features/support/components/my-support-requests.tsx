import { Card, EmptyState } from '@/components/ui/card';
import { useMySupportRequests } from '../api/get-my-support-requests';
import { CATEGORY_LABELS, PriorityBadge, StatusBadge, When } from './support-format';

/** The member's own requests, newest first, with their status. */
export function MySupportRequests() {
  const requests = useMySupportRequests();
  return (
    <section aria-labelledby="my-requests-heading" className="space-y-3">
      <h2 id="my-requests-heading" className="text-xl font-semibold">Your Requests</h2>
      {requests.length === 0 ? (
        <EmptyState title="No requests yet" text="Requests you send show here with their status." />
      ) : (
        <ul className="space-y-3" aria-label="Your requests">
          {requests.map((r) => (
            <li key={r.id}>
              <Card className="space-y-2">
                <div className="flex flex-wrap items-center gap-2">
                  <StatusBadge status={r.status} />
                  {r.priority ? <PriorityBadge /> : null}
                  <span className="text-xs text-muted">{CATEGORY_LABELS[r.category]}</span>
                  <span className="ml-auto text-xs text-muted">Sent <When iso={r.createdAt} /></span>
                </div>
                <h3 className="break-words font-semibold">{r.subject}</h3>
                <p className="whitespace-pre-wrap break-words text-sm text-muted">{r.message}</p>
                {r.resolvedAt ? <p className="text-xs text-muted">Resolved <When iso={r.resolvedAt} /></p> : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
