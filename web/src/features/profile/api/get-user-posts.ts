import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

export const getUserPosts = ({ id, cursor }: { id: string; cursor?: string }) =>
  apiCall(routes.getUserPosts, { params: { id }, query: cursor ? { cursor } : {} });

/** A member's posts, newest first, a page at a time ('Load more' reads the next, older page). */
export const userPostsQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: profileKeys.posts(id),
    queryFn: ({ pageParam }) => getUserPosts({ id, cursor: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useUserPosts = (id: string) => useInfiniteQuery(userPostsQuery(id));
