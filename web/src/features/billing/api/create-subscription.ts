import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { ApiError, apiCall } from '@/lib/api-client';
import { refreshPlan } from './refresh-plan';

/** POST /api/create-subscription: starts (or resumes) the premium subscription; the payment form's client secret. */
export const createSubscription = () => apiCall(routes.createSubscription);

export function useCreateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubscription,
    // ALREADY_SUBSCRIBED: the page's status is behind (paid in another tab, say); read it again.
    onError: (error) => (error instanceof ApiError && error.status === 409 ? refreshPlan(queryClient) : undefined),
  });
}
