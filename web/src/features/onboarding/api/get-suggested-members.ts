import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import type { Tastes } from '@torcedor/shared/schemas/identity';
import { apiCall } from '@/lib/api-client';

/**
 * GET /api/members/suggested: members to follow, those who share the member's tastes first. Each list goes in the query
 * string comma-separated (the client writes an array so), as the route reads it.
 */
export const getSuggestedMembers = (t: Tastes) => apiCall(routes.getSuggestedMembers, { query: t });

/**
 * One list per choice of tastes. Read once while the step is open: following someone keeps them on the list (their
 * button says Following) instead of making them vanish under the cursor.
 */
export const suggestedMembersQuery = (t: Tastes) => queryOptions({
  queryKey: ['onboarding', 'suggested', t] as const,
  queryFn: () => getSuggestedMembers(t),
  staleTime: Infinity,
});

export const useSuggestedMembers = (t: Tastes) => useQuery(suggestedMembersQuery(t));
