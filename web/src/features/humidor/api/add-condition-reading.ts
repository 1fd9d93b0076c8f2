import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBodyInput } from '@torcedor/shared/route';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { conditionsQuery } from './get-conditions';

export const addConditionReading = (body: RouteBodyInput<typeof routes.addConditionReading>) => apiCall(routes.addConditionReading, { body });

export function useAddConditionReading() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addConditionReading, onSuccess: () => queryClient.invalidateQueries({ queryKey: conditionsQuery.queryKey }) });
}
