import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { feedKeys } from './feed-keys';

/** GET /api/feed/discover: Discover Community, recent popular posts of public profiles. */
export const getDiscover = () => apiCall(routes.getDiscover);

export const discoverQuery = queryOptions({ queryKey: feedKeys.discover, queryFn: getDiscover });

/** Not suspending: a failed read shows in place (with a retry), not as the page's error. */
export const useDiscover = () => useQuery(discoverQuery);
