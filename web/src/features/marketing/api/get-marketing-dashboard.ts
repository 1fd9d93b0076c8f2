import { queryOptions } from '@tanstack/react-query';
import { DASHBOARD_POLL_MS } from '@torcedor/shared/constants';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { marketingKeys } from './marketing-keys';

/** GET /api/marketing/dashboard: the stat cards' numbers, the campaigns and the top leads (owners only). */
export const getMarketingDashboard = () => apiCall(routes.getMarketingDashboard);

/** The owner's dashboard, polled every 30 s while the page shows (docs/product.md, "Screens"). */
export const marketingDashboardQuery = queryOptions({
  queryKey: marketingKeys.dashboard,
  queryFn: getMarketingDashboard,
  refetchInterval: DASHBOARD_POLL_MS,
});
