import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { supportKeys } from './support-keys';

/** GET /api/support: the member's own support requests, newest first. */
export const getMySupportRequests = () => apiCall(routes.getMySupportRequests);

export const mySupportRequestsQuery = queryOptions({ queryKey: supportKeys.mine, queryFn: getMySupportRequests });

export const useMySupportRequests = () => useSuspenseQuery(mySupportRequestsQuery).data.items;
