import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { cacheUnread, messageKeys } from '@/lib/message-cache';

/** POST /api/messages/{memberId}/read: marks the thread read; answers the member's unread messages left. */
export const markThreadRead = (memberId: string) => apiCall(routes.markThreadRead, { params: { memberId } });

/** The header's badge and the conversation's count take the answer. */
export function useMarkThreadRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markThreadRead,
    // A count read under way would answer from before the marking: let the marking's answer win.
    onMutate: () => queryClient.cancelQueries({ queryKey: messageKeys.unread }),
    onSuccess: ({ unreadCount }, memberId) => cacheUnread(queryClient, unreadCount, { memberId, unread: 0 }),
  });
}
