import { Trans, useLingui } from '@lingui/react/macro';
import { Card, EmptyState } from '@/components/ui/card';
import { useMySupportRequests } from '../api/get-my-support-requests';
import { CATEGORY_LABELS, PriorityBadge, StatusBadge, When } from './support-format';

/** The member's own requests, newest first, with their status. */
export function MySupportRequests() {
  const { t, i18n } = useLingui();
  const requests = useMySupportRequests();
  return (
    <section aria-labelledby="my-requests-heading" className="space-y-3">
      <h2 id="my-requests-heading" className="text-xl font-semibold"><Trans>Your Requests</Trans></h2>
      {requests.length === 0 ? (
        <EmptyState title={t`No requests yet`} text={t`Requests you send show here with their status.`} />
      ) : (
        <ul className="space-y-3" aria-label={t`Your requests`}>
          {requests.map((r) => (
            <li key={r.id}>
              <Card className="space-y-2">
                <div className="flex flex-wrap items-center gap-2">
                  <StatusBadge status={r.status} />
                  {r.priority ? <PriorityBadge /> : null}
                  <span className="text-xs text-muted">{i18n._(CATEGORY_LABELS[r.category])}</span>
                  <span className="ml-auto text-xs text-muted"><Trans>Sent <When iso={r.createdAt} /></Trans></span>
                </div>
                <h3 className="break-words font-semibold">{r.subject}</h3>
                <p className="whitespace-pre-wrap break-words text-sm text-muted">{r.message}</p>
                {r.resolvedAt ? <p className="text-xs text-muted"><Trans>Resolved <When iso={r.resolvedAt} /></Trans></p> : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
