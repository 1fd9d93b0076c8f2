import { useMutation } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import type { RouteBodyInput } from '@torcedor/shared/route';
import { apiCall } from '@/lib/api-client';

export type ForgotPasswordInput = RouteBodyInput<typeof routes.forgotPassword>;

/**
 * POST /api/auth/forgot-password (202): emails a password-reset code valid 1 hour. The answer is the same whether or
 * not an account has that address, so it tells nobody who is a member; too many asked for is 429 with Retry-After.
 */
export const forgotPassword = (body: ForgotPasswordInput) => apiCall(routes.forgotPassword, { body });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
