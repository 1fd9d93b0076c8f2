import { Trans, useLingui } from '@lingui/react/macro';
import type { Post } from '@torcedor/shared/schemas/social';
import { useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { EmptyState, Skeleton } from '@/components/ui/card';
import { useFeed } from '../api/get-feed';
import { DiscoverCommunity } from './discover-community';
import { PostCard } from './post-card';

/** What shows while the feed's first page loads (the Suspense fallback). */
export function FeedSkeleton() {
  const { t } = useLingui();
  return (
    <div className="space-y-4" aria-label={t`Loading posts`} role="status">
      <Skeleton className="h-32" />
      <Skeleton className="h-32" />
      <Skeleton className="h-32" />
    </div>
  );
}

/** Posts of every loaded page, once each (a post can move between pages while the feed changes). */
function uniquePosts(pages: readonly { items: Post[] }[]): Post[] {
  const seen = new Set<string>();
  return pages.flatMap((p) => p.items).filter((p) => (seen.has(p.id) ? false : (seen.add(p.id), true)));
}

/**
 * Calls `onVisible` when the returned element is in view (nothing where IntersectionObserver is missing). It
 * observes afresh at each `generation` (a page loaded), so a sentinel still in view asks for the next page again.
 */
function useSentinel(onVisible: () => void, enabled: boolean, generation: number) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  useEffect(() => { callback.current = onVisible; });
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) callback.current();
    }, { rootMargin: '400px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled, generation]);
  return ref;
}

function EmptyFeed() {
  const { t } = useLingui();
  const [discover, setDiscover] = useState(false);
  return (
    <div className="space-y-6">
      <EmptyState title={t`Your Feed is Empty`} text={t`Follow other members to see what they are smoking.`}>
        <Button onClick={() => setDiscover(true)} aria-expanded={discover} aria-controls={discover ? 'discover-community' : undefined}>
          <Trans>Discover Community</Trans>
        </Button>
        {/* The first run's steps suggest members who smoke what the member likes (docs/product.md, "First run"). */}
        <Link to="/welcome" className={buttonClass('outline')}><Trans>Find members to follow</Trans></Link>
      </EmptyState>
      {discover ? <DiscoverCommunity id="discover-community" /> : null}
    </div>
  );
}

/** The member's feed, newest first, one page at a time: scrolling to the end (or 'Load more') reads the next. */
export function FeedList() {
  const { t } = useLingui();
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = useFeed();
  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };
  // After a failed page the sentinel waits for the button: no retry loop while it stays in view.
  const sentinel = useSentinel(loadMore, hasNextPage && !isFetchingNextPage && !isFetchNextPageError, data.pages.length);
  const posts = uniquePosts(data.pages);
  if (!posts.length && !hasNextPage) return <EmptyFeed />;
  const now = new Date();
  return (
    <div>
      <ul className="space-y-4" aria-label={t`Posts`}>
        {posts.map((p) => <li key={p.id}><PostCard post={p} now={now} /></li>)}
      </ul>
      <div ref={sentinel} aria-hidden className="h-px" />
      {isFetchingNextPage ? <div className="mt-4"><Skeleton className="h-32" /></div> : null}
      {isFetchNextPageError ? <p role="alert" className="mt-4 text-center text-sm text-danger"><Trans>Could not load more posts.</Trans></p> : null}
      <div className="mt-4 flex justify-center">
        {hasNextPage ? (
          <Button variant="outline" onClick={loadMore} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? t`Loading...` : isFetchNextPageError ? t`Try again` : t`Load more`}
          </Button>
        ) : (
          <p className="text-sm text-muted"><Trans>You're all caught up.</Trans></p>
        )}
      </div>
    </div>
  );
}
