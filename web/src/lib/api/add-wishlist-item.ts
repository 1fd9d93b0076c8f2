import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBodyInput } from '@torcedor/shared/route';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { invalidateCollection } from './invalidate-collection';

export const addWishlistItem = (body: RouteBodyInput<typeof routes.addWishlistItem>) => apiCall(routes.addWishlistItem, { body });

/** Put a catalog cigar on the wishlist (from search or a band scan); the collection and the member's counts are re-read. */
export function useAddWishlistItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addWishlistItem, onSuccess: () => invalidateCollection(queryClient) });
}
