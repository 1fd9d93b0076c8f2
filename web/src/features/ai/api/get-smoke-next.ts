import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { aiKeys } from './ai-keys';

/** GET /api/recommendations/smoke-next: what to smoke next from the member's own humidor, with a pairing. */
export const getSmokeNext = () => apiCall(routes.getSmokeNext);

export const smokeNextQuery = queryOptions({ queryKey: aiKeys.smokeNext, queryFn: getSmokeNext });

export const useSmokeNext = () => useQuery(smokeNextQuery);
