import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBodyInput } from '@torcedor/shared/route';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { campaignAnalyticsQuery } from './get-campaign-analytics';
import { refreshMarketing } from './marketing-keys';

/** PUT /api/marketing/campaigns/{id}: a change of name, description, objective, type or status. */
export const updateCampaign = ({ id, body }: { id: string; body: RouteBodyInput<typeof routes.updateCampaign> }) =>
  apiCall(routes.updateCampaign, { params: { id }, body });

export function useUpdateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCampaign,
    onSuccess: (campaign) => {
      // The open analytics dialog shows the new status at once; the counts follow with the refresh.
      queryClient.setQueryData(campaignAnalyticsQuery(campaign.id).queryKey, (old) => (old ? { ...old, campaign } : old));
      return refreshMarketing(queryClient);
    },
  });
}
