import { useMutation } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import type { RouteBodyInput } from '@torcedor/shared/route';
import { apiCall } from '@/lib/api-client';

export type ResetPasswordInput = RouteBodyInput<typeof routes.resetPassword>;

/**
 * POST /api/auth/reset-password: sets a new password with the emailed code (400 INVALID_CODE for a wrong, used-up or
 * expired one). It ends every session of the member, so nothing cached changes: they log in afresh.
 */
export const resetPassword = (body: ResetPasswordInput) => apiCall(routes.resetPassword, { body });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
