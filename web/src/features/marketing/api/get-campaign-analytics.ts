import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { marketingKeys } from './marketing-keys';

/** How often a campaign is read while its email is sending (its numbers grow page by page). */
export const EMAIL_SENDING_POLL_MS = 5_000;

/** GET /api/marketing/campaigns/{id}: a campaign's daily numbers, its audience and the leads it brought. */
export const getCampaignAnalytics = (id: string) => apiCall(routes.getCampaignAnalytics, { params: { id } });

export const campaignAnalyticsQuery = (id: string) => queryOptions({
  queryKey: marketingKeys.campaign(id),
  queryFn: () => getCampaignAnalytics(id),
  refetchInterval: (query) => (query.state.data?.campaign.email?.status === 'sending' ? EMAIL_SENDING_POLL_MS : false),
});

/** Read while the campaign's View Analytics dialog is open, every 5 s while its email is sending. */
export const useCampaignAnalytics = (id: string, enabled: boolean) => useQuery({ ...campaignAnalyticsQuery(id), enabled });
