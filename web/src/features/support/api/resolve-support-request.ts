import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { supportQueueQuery } from './get-support-queue';
import { supportKeys } from './support-keys';

/** POST /api/support/{id}/resolve (owners only): marks a request resolved. */
export const resolveSupportRequest = (id: string) => apiCall(routes.resolveSupportRequest, { params: { id } });

/** Resolves a request; the queue shows its new status at once, then both lists are read again. */
export function useResolveSupportRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveSupportRequest,
    onSuccess: (resolved) => {
      queryClient.setQueryData(supportQueueQuery.queryKey, (old) => old && { items: old.items.map((r) => (r.id === resolved.id ? resolved : r)) });
      void queryClient.invalidateQueries({ queryKey: supportKeys.all });
    },
  });
}
