import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';

/** GET /api/members/blocked: the members the member blocked, the most recent first. */
export const listBlocked = () => apiCall(routes.listBlocked);

export const blockedQuery = queryOptions({ queryKey: ['settings', 'blocked'] as const, queryFn: listBlocked });

export const useBlocked = () => useQuery(blockedQuery);
