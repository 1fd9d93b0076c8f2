import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBodyInput } from '@torcedor/shared/route';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { mySupportRequestsQuery } from './get-my-support-requests';
import { supportKeys } from './support-keys';

/** POST /api/support: sends a support request (the server flags it priority for premium and trial members). */
export const createSupportRequest = (body: RouteBodyInput<typeof routes.createSupportRequest>) => apiCall(routes.createSupportRequest, { body });

/** Sends a request; it shows at the top of the member's list at once, and both lists are read again. */
export function useCreateSupportRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSupportRequest,
    onSuccess: (created) => {
      queryClient.setQueryData(mySupportRequestsQuery.queryKey, (old) => old && { items: [created, ...old.items.filter((r) => r.id !== created.id)] });
      void queryClient.invalidateQueries({ queryKey: supportKeys.all });
    },
  });
}
