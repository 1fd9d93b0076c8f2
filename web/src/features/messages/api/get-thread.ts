import { infiniteQueryOptions, useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { messageKeys } from '@/lib/message-cache';

/**
 * GET /api/messages/{memberId}: one page of the thread with a member, newest first; `cursor` reads older messages. With
 * no conversation yet it is an empty thread (the first message is written from it), with `canReply`; an unknown or
 * deleted member is a 404.
 */
export const getThread = (memberId: string, cursor?: string) => apiCall(routes.getThread, { params: { memberId }, query: { cursor } });

export const threadQuery = (memberId: string) => infiniteQueryOptions({
  queryKey: messageKeys.thread(memberId),
  queryFn: ({ pageParam }) => getThread(memberId, pageParam),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

export const useThread = (memberId: string) => useSuspenseInfiniteQuery(threadQuery(memberId));
