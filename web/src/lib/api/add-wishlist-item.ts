import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBodyInput } from '@torcedor/shared/route';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { collectionKeys } from '@/lib/collection-keys';
import { invalidateCollection } from './invalidate-collection';

export const addWishlistItem = (body: RouteBodyInput<typeof routes.addWishlistItem>) => apiCall(routes.addWishlistItem, { body });

type Entry = Awaited<ReturnType<typeof addWishlistItem>>;

/**
 * Put a catalog cigar on the wishlist (from search, a cigar page or a band scan): the answer goes into the cached list
 * at once (every wishlist button shows 'In Wishlist'), then the collection and the member's counts are re-read.
 */
export function useAddWishlistItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addWishlistItem,
    onSuccess: (entry) => {
      queryClient.setQueryData<Entry[]>(collectionKeys.wishlist, (list) => (list ? [...list.filter((e) => e.id !== entry.id), entry] : list));
      return invalidateCollection(queryClient);
    },
  });
}
