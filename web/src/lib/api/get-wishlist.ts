import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { collectionKeys } from '@/lib/collection-keys';
import { invalidateCollection } from './invalidate-collection';

export const getWishlist = () => apiCall(routes.getWishlist);

/** The member's wishlist: one query (one key) for the humidor's Wishlist tab and every wishlist button. */
export const wishlistQuery = queryOptions({ queryKey: collectionKeys.wishlist, queryFn: getWishlist });

/**
 * The member's wishlist entry of a catalog cigar, read from the wishlist query: `entry` null when the cigar is not on
 * it, `loading` while the list is first read (a button cannot tell yet).
 */
export function useWishlistEntry(cigarId: string) {
  const { data, isPending } = useQuery({ ...wishlistQuery, select: (list) => list.find((e) => e.cigarId === cigarId) ?? null });
  return { entry: data ?? null, loading: isPending };
}

export const deleteWishlistItem = (id: string) => apiCall(routes.deleteWishlistItem, { params: { id } });

/** Remove a wishlist entry: gone from the cached list at once, then the collection and the member's counts are re-read. */
export function useRemoveWishlistItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWishlistItem,
    onSuccess: (_ok, id) => {
      queryClient.setQueryData(wishlistQuery.queryKey, (list) => list?.filter((e) => e.id !== id));
      return invalidateCollection(queryClient);
    },
  });
}
