import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { aiKeys } from './ai-keys';

/** GET /api/ai/usage: today's recommendations used against the daily limit (null limit: unlimited). */
export const getAiUsage = () => apiCall(routes.getAiUsage);

export const aiUsageQuery = queryOptions({ queryKey: aiKeys.usage, queryFn: getAiUsage });

export const useAiUsage = () => useSuspenseQuery(aiUsageQuery);
