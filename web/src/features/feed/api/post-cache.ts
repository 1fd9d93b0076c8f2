import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Post } from '@torcedor/shared/schemas/social';
import { feedKeys } from './feed-keys';

type FeedPages = InfiniteData<{ items: Post[]; nextCursor: string | null }, string | undefined>;

/**
 * Changes one post wherever the feed caches hold it (the feed's pages and Discover Community): `change`
 * answers the new post, or null to remove it.
 */
export function updateCachedPost(queryClient: QueryClient, postId: string, change: (p: Post) => Post | null) {
  const apply = (items: Post[]) => items.flatMap((p) => {
    if (p.id !== postId) return [p];
    const next = change(p);
    return next ? [next] : [];
  });
  queryClient.setQueryData<FeedPages>(feedKeys.home, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: apply(page.items) })) } : data);
  queryClient.setQueryData<Post[]>(feedKeys.discover, (data) => (data ? apply(data) : data));
}

export const removeCachedPost = (queryClient: QueryClient, postId: string) => updateCachedPost(queryClient, postId, () => null);
