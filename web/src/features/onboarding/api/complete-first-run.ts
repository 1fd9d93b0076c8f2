import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { currentUserQuery } from '@/lib/current-user';

/** POST /api/user/first-run: the first run is done (finished or skipped); answers the member, stamped. */
export const completeFirstRun = () => apiCall(routes.completeFirstRun, {});

export function useCompleteFirstRun() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: completeFirstRun, onSuccess: (user) => queryClient.setQueryData(currentUserQuery.queryKey, user) });
}
