import { queryOptions } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { collectionKeys } from '@/lib/collection-keys';

export const getConditions = () => apiCall(routes.getConditions);

export const conditionsQuery = queryOptions({ queryKey: collectionKeys.conditions, queryFn: getConditions });
