import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import type { RouteBodyInput } from '@torcedor/shared/route';
import { apiCall } from '@/lib/api-client';
import { currentUserQuery } from '@/lib/current-user';

export type ChangeEmailInput = RouteBodyInput<typeof routes.changeEmail>;

/**
 * PUT /api/user/email: asks for a new address (the current password confirms it is the member). The new address gets
 * a code and replaces the old one once verified; the answer is the member with `pendingEmail` set.
 */
export const changeEmail = (body: ChangeEmailInput) => apiCall(routes.changeEmail, { body });

/** The answer becomes the current user, so the settings show the pending address at once. */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: (user) => queryClient.setQueryData(currentUserQuery.queryKey, user),
  });
}
