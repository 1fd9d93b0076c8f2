import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { invalidateCollection } from '@/lib/api/invalidate-collection';

export const deleteHumidorItem = (id: string) => apiCall(routes.deleteHumidorItem, { params: { id } });

export function useDeleteHumidorItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteHumidorItem, onSuccess: () => invalidateCollection(queryClient) });
}
