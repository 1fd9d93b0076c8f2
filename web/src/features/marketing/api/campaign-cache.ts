import type { QueryClient } from '@tanstack/react-query';
import type { Campaign } from '@torcedor/shared/schemas/marketing';
import { campaignAnalyticsQuery } from './get-campaign-analytics';
import { marketingDashboardQuery } from './get-marketing-dashboard';
import { campaignsQuery } from './list-campaigns';

/**
 * Changes one campaign wherever the marketing caches hold it: its analytics (the open View Analytics dialog), the
 * Campaigns tab's cards and the dashboard's campaigns. Caches that were never read stay unread.
 */
export function updateCachedCampaign(queryClient: QueryClient, id: string, change: (c: Campaign) => Campaign) {
  const apply = (items: Campaign[]) => items.map((c) => (c.id === id ? change(c) : c));
  queryClient.setQueryData(campaignAnalyticsQuery(id).queryKey, (old) => (old ? { ...old, campaign: change(old.campaign) } : old));
  queryClient.setQueryData(campaignsQuery.queryKey, (old) => (old ? apply(old) : old));
  queryClient.setQueryData(marketingDashboardQuery.queryKey, (old) => (old ? { ...old, campaigns: apply(old.campaigns) } : old));
}

/** Puts a campaign the server answered in place. */
export const putCachedCampaign = (queryClient: QueryClient, campaign: Campaign) => updateCachedCampaign(queryClient, campaign.id, () => campaign);
