import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { cacheRemoved } from '@/lib/message-cache';

/** DELETE /api/messages/{memberId}/{messageId}: the author removes their own message (both then see 'Message removed'). */
export const deleteMessage = (p: { memberId: string; messageId: string }) => apiCall(routes.deleteMessage, { params: p });

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: (_message, { memberId, messageId }) => cacheRemoved(queryClient, memberId, messageId),
  });
}
