import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { ApiError, apiCall } from '@/lib/api-client';
import { refreshPlan } from './refresh-plan';

/** POST /api/cancel-subscription: stops renewal; the paid period runs to its end, which the answer names. */
export const cancelSubscription = () => apiCall(routes.cancelSubscription);

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    // The page shows the new status once it is read (the mutation stays pending until then).
    onSuccess: () => refreshPlan(queryClient),
    // NOT_SUBSCRIBED: the page's status is behind; read it again.
    onError: (error) => (error instanceof ApiError && error.status === 409 ? refreshPlan(queryClient) : undefined),
  });
}
