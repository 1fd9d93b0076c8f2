import type { QueryClient } from '@tanstack/react-query';
import { collectionKeys } from '@/lib/collection-keys';
import { currentUserQuery } from '@/lib/current-user';

/** After a change to the collection: its lists and totals, and the member (who carries the counts). */
export function invalidateCollection(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: collectionKeys.humidor }),
    queryClient.invalidateQueries({ queryKey: collectionKeys.summary }),
    queryClient.invalidateQueries({ queryKey: collectionKeys.wishlist }),
    queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  ]);
}
