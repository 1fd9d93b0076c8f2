import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBodyInput } from '@torcedor/shared/route';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { refreshMarketing } from './marketing-keys';

export type CreateCampaignInput = RouteBodyInput<typeof routes.createCampaign>;

/**
 * POST /api/marketing/campaigns: a campaign the owner wrote, or (`{ generate: true, objective }`) one the AI provider
 * drafts from the club's numbers. The route is idempotent: apiCall sends the action's Idempotency-Key, kept for a
 * retry of the same action until it has a definite answer (docs/api.md, "Idempotency").
 */
export const createCampaign = (body: CreateCampaignInput) => apiCall(routes.createCampaign, { body });

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCampaign, onSuccess: () => refreshMarketing(queryClient) });
}
