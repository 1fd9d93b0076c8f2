import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBodyInput } from '@torcedor/shared/route';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { collectionKeys } from '@/lib/collection-keys';
import { currentUserQuery } from '@/lib/current-user';

export const addWishlistItem = (body: RouteBodyInput<typeof routes.addWishlistItem>) => apiCall(routes.addWishlistItem, { body });

/** Put a catalog cigar on the wishlist; the humidor page's wishlist and the member's counts are re-read. */
export function useAddWishlistItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addWishlistItem,
    onSuccess: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: collectionKeys.wishlist }),
      queryClient.invalidateQueries({ queryKey: collectionKeys.summary }),
      queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
    ]),
  });
}
