import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';
import { Card, EmptyState } from '@/components/ui/card';
import { errorText } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSupportQueue } from '../api/get-support-queue';
import { useResolveSupportRequest } from '../api/resolve-support-request';
import { CATEGORY_LABELS, PriorityBadge, StatusBadge, When, type SupportRequest } from './support-format';

/** Owners: every member's requests as the server orders them (open first, priority first, then oldest first). */
export function SupportQueue() {
  const { t, i18n } = useLingui();
  const requests = useSupportQueue();
  const resolve = useResolveSupportRequest();
  const open = requests.filter((r) => r.status === 'open').length;

  const markResolved = (r: SupportRequest) => {
    resolve.mutate(r.id, {
      onSuccess: () => toast({ title: t`Request resolved`, variant: 'success' }),
      onError: (err) => toast({ title: t`Error`, description: errorText(err, t`Failed to resolve the request`), variant: 'error' }),
    });
  };
  const busy = (r: SupportRequest) => resolve.isPending && resolve.variables === r.id;

  return (
    <section aria-labelledby="support-queue-heading" className="space-y-3">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="support-queue-heading" className="text-xl font-semibold"><Trans>Support Queue</Trans></h2>
        <span className="text-sm text-muted">{t({ message: plural(open, { one: '# open', other: '# open' }) })}</span>
      </div>
      {requests.length === 0 ? (
        <EmptyState title={t`No support requests`} text={t`The queue is clear.`} />
      ) : (
        <ul className="space-y-3" aria-label={t`Support queue`}>
          {requests.map((r) => {
            const sender = r.displayName;
            return (
              <li key={r.id}>
                <Card className="space-y-2">
                  <div className="flex flex-wrap items-center gap-2">
                    {r.priority ? <PriorityBadge /> : null}
                    <StatusBadge status={r.status} />
                    <span className="text-xs text-muted">{i18n._(CATEGORY_LABELS[r.category])}</span>
                    <span className="ml-auto text-xs text-muted"><When iso={r.createdAt} /></span>
                  </div>
                  <h3 className="break-words font-semibold">{r.subject}</h3>
                  <p className="whitespace-pre-wrap break-words text-sm">{r.message}</p>
                  <p className="text-xs text-muted">
                    <Trans>From <span className="font-medium text-fg">{sender}</span></Trans>
                    {' · '}
                    {r.email ? <a href={`mailto:${r.email}`}>{r.email}</a> : t`no email on file (trial member)`}
                  </p>
                  {r.status === 'open' ? (
                    <div className="flex justify-end">
                      <Button size="sm" disabled={busy(r)} onClick={() => markResolved(r)}><Trans>Mark Resolved</Trans></Button>
                    </div>
                  ) : r.resolvedAt ? (
                    <p className="text-right text-xs text-muted"><Trans>Resolved <When iso={r.resolvedAt} /></Trans></p>
                  ) : null}
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
