import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBodyInput } from '@torcedor/shared/route';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { cacheMessage } from '@/lib/message-cache';

/**
 * POST /api/messages: sends a member a message. The route is idempotent: the API client sends one Idempotency-Key per
 * message, kept for a retry after no answer (docs/api.md, "Idempotency").
 */
export const sendMessage = (body: RouteBodyInput<typeof routes.sendMessage>) => apiCall(routes.sendMessage, { body });

/** The sent message shows at once from the answer (once: the push of the same message changes nothing). */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (message, { to }) => cacheMessage(queryClient, to, message),
  });
}
