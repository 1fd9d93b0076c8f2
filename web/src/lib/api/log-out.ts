import { t } from '@lingui/core/macro';
import { useMutation } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall, errorText } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/** POST /api/logout: ends the session on the server and clears its cookies (a state-changing request: same origin, JSON). */
export const logOut = () => apiCall(routes.logout);

/**
 * Logs out, then opens the landing page afresh: a full load drops every cached read of the member. A failure (the
 * server unreachable) says so and leaves the member signed in, as they are.
 */
export function useLogOut() {
  return useMutation({
    mutationFn: logOut,
    onSuccess: () => window.location.assign('/'),
    onError: (error) => toast({ title: t`Error`, description: errorText(error, t`Failed to log out. Please try again.`), variant: 'error' }),
  });
}
