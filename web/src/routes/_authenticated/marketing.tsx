import { createFileRoute, stripSearchParams, useNavigate } from '@tanstack/react-router';
import { marketingDashboardQuery } from '@/features/marketing/api/get-marketing-dashboard';
import { campaignsQuery } from '@/features/marketing/api/list-campaigns';
import { MarketingPage } from '@/features/marketing/components/marketing-page';
import { MARKETING_SEARCH_DEFAULTS, validateMarketingSearch } from '@/features/marketing/components/marketing-tabs';

/**
 * Owners only (docs/marketing.md): like /moderation, the route checks the member in its context; a non-owner is
 * told the area is restricted and nothing is loaded (the API answers them 403 anyway). `tab`: the open tab, in the
 * URL so a reload or a shared link shows the same one (Campaigns, the default, stays out of it).
 */
export const Route = createFileRoute('/_authenticated/marketing')({
  validateSearch: validateMarketingSearch,
  search: { middlewares: [stripSearchParams(MARKETING_SEARCH_DEFAULTS)] },
  loader: ({ context }) => (context.user.isOwner
    ? Promise.all([context.queryClient.ensureQueryData(marketingDashboardQuery), context.queryClient.ensureQueryData(campaignsQuery)])
    : undefined),
  component: Marketing,
});

function Marketing() {
  const { tab } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return <MarketingPage tab={tab} onTabChange={(t) => void navigate({ search: { tab: t }, resetScroll: false })} />;
}
