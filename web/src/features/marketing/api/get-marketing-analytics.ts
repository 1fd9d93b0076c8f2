import { queryOptions, useQuery } from '@tanstack/react-query';
import { DASHBOARD_POLL_MS } from '@torcedor/shared/constants';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { marketingKeys } from './marketing-keys';

/** GET /api/marketing/analytics: sign-ups, trials, conversions and visits per day, the funnel and lead sources. */
export const getMarketingAnalytics = () => apiCall(routes.getMarketingAnalytics);

/** The Analytics tab's charts of the club's own data, refreshed with the dashboard while the tab shows. */
export const marketingAnalyticsQuery = queryOptions({
  queryKey: marketingKeys.analytics,
  queryFn: getMarketingAnalytics,
  refetchInterval: DASHBOARD_POLL_MS,
});

export const useMarketingAnalytics = () => useQuery(marketingAnalyticsQuery);
