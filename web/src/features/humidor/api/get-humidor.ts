import { queryOptions } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { collectionKeys } from '@/lib/collection-keys';

export const getHumidor = () => apiCall(routes.getHumidor);

export const humidorQuery = queryOptions({ queryKey: collectionKeys.humidor, queryFn: getHumidor });
