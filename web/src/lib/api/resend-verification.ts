import { useMutation } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';

/**
 * POST /api/auth/verify-email/resend (202): emails a new verification code, to the pending address when there is one;
 * the earlier code stops working. A few an hour: beyond that 429 RATE_LIMITED with Retry-After.
 */
export const resendVerification = () => apiCall(routes.resendVerification);

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
