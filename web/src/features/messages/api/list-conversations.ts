import { infiniteQueryOptions, useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { messageKeys } from '@/lib/message-cache';

/** GET /api/messages: one page of the member's conversations, the most recent first; `cursor` reads older ones. */
export const listConversations = (cursor?: string) => apiCall(routes.listConversations, { query: { cursor } });

export const conversationsQuery = infiniteQueryOptions({
  queryKey: messageKeys.conversations,
  queryFn: ({ pageParam }) => listConversations(pageParam),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

export const useConversations = () => useSuspenseInfiniteQuery(conversationsQuery);
