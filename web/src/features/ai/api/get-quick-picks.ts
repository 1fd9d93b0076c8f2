import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { aiKeys } from './ai-keys';

/** GET /api/recommendations/quick: catalog cigars matched to the member, best first, with a match score. */
export const getQuickPicks = () => apiCall(routes.getQuickPicks);

export const quickPicksQuery = queryOptions({ queryKey: aiKeys.quickPicks, queryFn: getQuickPicks });

export const useQuickPicks = () => useQuery(quickPicksQuery);
