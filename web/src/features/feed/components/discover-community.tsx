import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/card';
import { useDiscover } from '../api/get-discover';
import { PostCard } from './post-card';

/** Discover Community: recent popular posts of public profiles, shown inline under the empty feed. */
export function DiscoverCommunity({ id }: { id: string }) {
  const { t } = useLingui();
  const discover = useDiscover();
  const now = new Date();
  return (
    <section id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="mb-3 text-xl font-semibold"><Trans>Discover Community</Trans></h2>
      {discover.isPending ? (
        <div className="space-y-4" aria-label={t`Loading posts`} role="status"><Skeleton className="h-32" /><Skeleton className="h-32" /></div>
      ) : discover.isError ? (
        <div className="flex items-center gap-2 text-sm text-muted">
          <p><Trans>Could not load the community's posts.</Trans></p>
          <Button variant="outline" size="sm" onClick={() => void discover.refetch()} disabled={discover.isFetching}><Trans>Try again</Trans></Button>
        </div>
      ) : discover.data.length ? (
        <ul className="space-y-4" aria-label={t`Community posts`}>
          {discover.data.map((p) => <li key={p.id}><PostCard post={p} now={now} headingLevel={3} /></li>)}
        </ul>
      ) : (
        <p className="text-sm text-muted"><Trans>No community posts this week yet. Share the first one!</Trans></p>
      )}
    </section>
  );
}
