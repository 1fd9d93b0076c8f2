import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { errorText } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useBlocked } from '../api/list-blocked';
import { useUnblockMember } from '../api/unblock-member';

/** Settings → Privacy: the members the member blocked, each with Unblock (docs/product.md, "Blocking"). */
export function BlockedMembers() {
  const { t } = useLingui();
  const blocked = useBlocked();
  const unblock = useUnblockMember();
  const items = blocked.data?.items ?? [];
  const onUnblock = (id: string, name: string) =>
    unblock.mutate(id, {
      onSuccess: () => toast({ title: t`${name} unblocked`, variant: 'success' }),
      onError: (err) => toast({ title: t`Error`, description: errorText(err, t`Failed to unblock. Please try again.`), variant: 'error' }),
    });
  return (
    <section aria-labelledby="blocked-members" className="mt-8 border-t border-border pt-6">
      <h3 id="blocked-members" className="text-lg font-semibold"><Trans>Blocked members</Trans></h3>
      <p className="text-sm text-muted">
        <Trans>They cannot message, follow or comment on you, and you do not see each other’s posts, reviews or profile.</Trans>
      </p>
      {blocked.isPending ? (
        <p className="mt-3 text-sm text-muted"><Trans>Loading...</Trans></p>
      ) : blocked.isError ? (
        <p className="mt-3 text-sm text-muted"><Trans>Blocked members could not be loaded.</Trans></p>
      ) : items.length === 0 ? (
        <p className="mt-3 text-sm text-muted"><Trans>You have not blocked anyone.</Trans></p>
      ) : (
        <ul aria-label={t`Blocked members`} className="mt-3 divide-y divide-border">
          {items.map((m) => {
            const name = m.displayName;
            return (
              <li key={m.id} className="flex items-center gap-3 py-2">
                <span aria-hidden className="flex h-9 w-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-surface-2 font-semibold">
                  {m.profileImageUrl ? <img src={m.profileImageUrl} alt="" className="h-full w-full object-cover" /> : m.displayName.slice(0, 1).toUpperCase()}
                </span>
                <Link to="/profile/{-$id}" params={{ id: m.id }} className="min-w-0 flex-1 truncate text-fg no-underline hover:text-primary">{m.displayName}</Link>
                <Button
                  variant="outline" size="sm" aria-label={t`Unblock ${name}`}
                  disabled={unblock.isPending && unblock.variables === m.id} onClick={() => onUnblock(m.id, m.displayName)}
                >
                  <Trans>Unblock</Trans>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
