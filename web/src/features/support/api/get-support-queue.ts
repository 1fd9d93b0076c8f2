import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { supportKeys } from './support-keys';

/**
 * GET /api/support/queue (owners only): every request, the open ones first (priority ones first, then the oldest),
 * then the resolved ones.
 */
export const getSupportQueue = () => apiCall(routes.getSupportQueue);

export const supportQueueQuery = queryOptions({ queryKey: supportKeys.queue, queryFn: getSupportQueue });

export const useSupportQueue = () => useSuspenseQuery(supportQueueQuery).data.items;
