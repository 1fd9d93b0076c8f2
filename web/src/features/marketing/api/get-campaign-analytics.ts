import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { marketingKeys } from './marketing-keys';

/** GET /api/marketing/campaigns/{id}: a campaign's daily numbers, its audience and the leads it brought. */
export const getCampaignAnalytics = (id: string) => apiCall(routes.getCampaignAnalytics, { params: { id } });

export const campaignAnalyticsQuery = (id: string) => queryOptions({
  queryKey: marketingKeys.campaign(id),
  queryFn: () => getCampaignAnalytics(id),
});

/** Read while the campaign's View Analytics dialog is open. */
export const useCampaignAnalytics = (id: string, enabled: boolean) => useQuery({ ...campaignAnalyticsQuery(id), enabled });
