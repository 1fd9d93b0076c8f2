import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';

export const getFeed = () => apiCall(routes.getFeed);

export const feedQuery = queryOptions({ queryKey: ['feed'] as const, queryFn: getFeed });

export const useFeed = () => useSuspenseQuery(feedQuery).data;
