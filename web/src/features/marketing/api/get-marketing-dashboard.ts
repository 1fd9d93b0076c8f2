import { queryOptions } from '@tanstack/react-query';
import { DASHBOARD_POLL_MS } from '@torcedor/shared/constants';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';

export const getMarketingDashboard = () => apiCall(routes.getMarketingDashboard);

/** The owner's dashboard, polled every 30 s (docs/product.md, "Screens"). */
export const marketingDashboardQuery = queryOptions({
  queryKey: ['marketing', 'dashboard'] as const,
  queryFn: getMarketingDashboard,
  refetchInterval: DASHBOARD_POLL_MS,
});
