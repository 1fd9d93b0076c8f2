import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { aiKeys } from './ai-keys';

/** GET /api/recommendations/profile: cigars tried, average rating (0-100, or null) and preferred strength. */
export const getAiProfile = () => apiCall(routes.getAiProfile);

export const aiProfileQuery = queryOptions({ queryKey: aiKeys.profile, queryFn: getAiProfile });

export const useAiProfile = () => useQuery(aiProfileQuery);
