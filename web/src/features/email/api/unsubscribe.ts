import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { currentUserQuery } from '@/lib/current-user';

/**
 * POST /api/unsubscribe: turns off the kind of email a signed unsubscribe link names (public: no session needed);
 * answers the kind. A changed or foreign token is 400 INVALID_UNSUBSCRIBE_MESSAGE.
 */
export const unsubscribe = (token: string) => apiCall(routes.unsubscribe, { body: { token } });

/**
 * Sent only by the member's click, never on load (mail scanners open links). A signed-in member's cached settings
 * may have just changed (when the link is theirs), so the current user is read again.
 */
export function useUnsubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsubscribe,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  });
}
