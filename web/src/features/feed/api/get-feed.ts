import { infiniteQueryOptions, useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { feedKeys } from './feed-keys';

/** GET /api/feed: one page of the member's feed, newest first; `cursor` reads the next (older) page. */
export const getFeed = (cursor?: string) => apiCall(routes.getFeed, { query: { cursor } });

export const feedQuery = infiniteQueryOptions({
  queryKey: feedKeys.home,
  queryFn: ({ pageParam }) => getFeed(pageParam),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

export const useFeed = () => useSuspenseInfiniteQuery(feedQuery);
