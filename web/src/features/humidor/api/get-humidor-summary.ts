import { queryOptions } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { collectionKeys } from '@/lib/collection-keys';

export const getHumidorSummary = () => apiCall(routes.getHumidorSummary);

/** Totals and the member's cap (null when unlimited): drives 'Upgrade to Add More'. */
export const humidorSummaryQuery = queryOptions({ queryKey: collectionKeys.summary, queryFn: getHumidorSummary });
