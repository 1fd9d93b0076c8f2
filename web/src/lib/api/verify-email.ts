import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import type { RouteBodyInput } from '@torcedor/shared/route';
import { ApiError, apiCall } from '@/lib/api-client';
import { currentUserQuery } from '@/lib/current-user';

export type VerifyEmailInput = RouteBodyInput<typeof routes.verifyEmail>;

/**
 * POST /api/auth/verify-email: proves the address is the member's with the emailed 6-digit code (a pending new
 * address replaces the old one); answers the member as they now are.
 */
export const verifyEmail = (body: VerifyEmailInput) => apiCall(routes.verifyEmail, { body });

/** 400 INVALID_CODE: a wrong, used-up or expired code (one answer for all three). */
export const isInvalidCode = (err: unknown): err is ApiError => err instanceof ApiError && err.body?.code === 'INVALID_CODE';

/**
 * Shared by the signed-in app's banner and the settings' change of address. The answer is the current user: put in
 * place at once, so whatever shows the address (the banner, the settings) follows without a refetch.
 */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: (user) => queryClient.setQueryData(currentUserQuery.queryKey, user),
  });
}
