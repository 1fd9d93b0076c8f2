import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { aiKeys } from './ai-keys';

/** GET /api/user/smoking-history: the member's reviews, newest first (the first ones go with each recommendation question). */
export const getSmokingHistory = () => apiCall(routes.getSmokingHistory);

export const smokingHistoryQuery = queryOptions({ queryKey: aiKeys.smokingHistory, queryFn: getSmokingHistory });

export const useSmokingHistory = () => useQuery(smokingHistoryQuery);
