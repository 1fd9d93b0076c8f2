import { queryOptions } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { collectionKeys } from '@/lib/collection-keys';

export const getWishlist = () => apiCall(routes.getWishlist);

export const wishlistQuery = queryOptions({ queryKey: collectionKeys.wishlist, queryFn: getWishlist });
