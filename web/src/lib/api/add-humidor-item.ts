import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBodyInput } from '@torcedor/shared/route';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { invalidateCollection } from './invalidate-collection';

export const addHumidorItem = (body: RouteBodyInput<typeof routes.addHumidorItem>) => apiCall(routes.addHumidorItem, { body });

export function useAddHumidorItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addHumidorItem, onSuccess: () => invalidateCollection(queryClient) });
}
