import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import type { Tastes } from '@torcedor/shared/schemas/identity';
import { apiCall } from '@/lib/api-client';
import { currentUserQuery } from '@/lib/current-user';

/** PUT /api/user/tastes: what the member likes (the first run's first step, Settings → Preferences); answers the member. */
export const updateTastes = (body: Tastes) => apiCall(routes.updateTastes, { body });

/** The answer is the member: it becomes the current user at once (the suggestions read the tastes from it). */
export function useUpdateTastes() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateTastes, onSuccess: (user) => queryClient.setQueryData(currentUserQuery.queryKey, user) });
}
