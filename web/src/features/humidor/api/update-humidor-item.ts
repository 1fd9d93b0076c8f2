import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBodyInput } from '@torcedor/shared/route';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { invalidateCollection } from '@/lib/api/invalidate-collection';

export const updateHumidorItem = ({ id, body }: { id: string; body: RouteBodyInput<typeof routes.updateHumidorItem> }) =>
  apiCall(routes.updateHumidorItem, { params: { id }, body });

export function useUpdateHumidorItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateHumidorItem, onSuccess: () => invalidateCollection(queryClient) });
}
