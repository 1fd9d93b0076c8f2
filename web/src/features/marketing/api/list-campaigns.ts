import { queryOptions } from '@tanstack/react-query';
import { DASHBOARD_POLL_MS } from '@torcedor/shared/constants';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { marketingKeys } from './marketing-keys';

/** GET /api/marketing/campaigns: every campaign, newest first, with its numbers and its last ranking. */
export const listCampaigns = () => apiCall(routes.listCampaigns).then((r) => r.items);

/** The Campaigns tab's cards, refreshed with the dashboard. */
export const campaignsQuery = queryOptions({
  queryKey: marketingKeys.campaigns,
  queryFn: listCampaigns,
  refetchInterval: DASHBOARD_POLL_MS,
});
