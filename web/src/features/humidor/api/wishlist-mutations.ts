import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBodyInput } from '@torcedor/shared/route';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { invalidateCollection } from '@/lib/api/invalidate-collection';

export const updateWishlistItem = ({ id, body }: { id: string; body: RouteBodyInput<typeof routes.updateWishlistItem> }) =>
  apiCall(routes.updateWishlistItem, { params: { id }, body });
export const deleteWishlistItem = (id: string) => apiCall(routes.deleteWishlistItem, { params: { id } });
export const moveWishlistItem = ({ id, quantity }: { id: string; quantity: number }) =>
  apiCall(routes.moveWishlistItem, { params: { id }, body: { quantity } });

/** Change a wishlist entry's priority or notes. */
export function useUpdateWishlistItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateWishlistItem, onSuccess: () => invalidateCollection(queryClient) });
}
export function useDeleteWishlistItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteWishlistItem, onSuccess: () => invalidateCollection(queryClient) });
}
/** Move an entry into the humidor (one transaction on the server, within the free cap). */
export function useMoveWishlistItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: moveWishlistItem, onSuccess: () => invalidateCollection(queryClient) });
}
