import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { ApiError, apiCall } from '@/lib/api-client';
import { refreshPlan } from './refresh-plan';

/** POST /api/create-subscription: starts (or resumes) the premium subscription; the payment form's client secret. */
export const createSubscription = () => apiCall(routes.createSubscription);

/** The deployment has no payment provider configured (503 PAYMENTS_UNAVAILABLE): premium cannot be bought yet. */
export const isPaymentsUnavailable = (error: unknown) => error instanceof ApiError && error.body?.code === 'PAYMENTS_UNAVAILABLE';

export function useCreateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubscription,
    // ALREADY_SUBSCRIBED: the page's status is behind (paid in another tab, say); PAYMENTS_UNAVAILABLE: payments were
    // switched off since the page read it. Either way the status is read again.
    onError: (error) => (error instanceof ApiError && (error.status === 409 || isPaymentsUnavailable(error)) ? refreshPlan(queryClient) : undefined),
  });
}
