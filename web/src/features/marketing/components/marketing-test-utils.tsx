import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider, stripSearchParams, useNavigate } from '@tanstack/react-router';
import type { Automation, AutomationRun, Campaign, Lead, MarketingDashboard } from '@torcedor/shared/schemas/marketing';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import type * as z from 'zod';
import { Toaster } from '@/components/ui/toaster';
import { currentUserQuery } from '@/lib/current-user';
import { fakeApi, type Handler } from '@/testing/fake-api';
import { marketingDashboardQuery } from '../api/get-marketing-dashboard';
import { campaignsQuery } from '../api/list-campaigns';
import { MarketingPage } from './marketing-page';
import { MARKETING_SEARCH_DEFAULTS, validateMarketingSearch } from './marketing-tabs';

/** Fixtures and the page wired as its route wires it, for the marketing page's tests (not a test file itself). */

export const makeCampaign = (over: Partial<Campaign> = {}): Campaign => ({
  id: 'c1', name: 'Spring Robusto Week', description: 'Robustos for the new season', objective: 'acquisition', type: 'social', status: 'active',
  utmCampaign: 'spring-robusto-week', link: 'http://localhost:3000/?utm_source=social&utm_medium=social&utm_campaign=spring-robusto-week',
  generatedBy: 'owner', stats: { visits: 40, signups: 8, trials: 2, conversions: 2, conversionRate: 25 }, ranking: null, email: null,
  createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z', ...over,
});

export const makeLead = (over: Partial<Lead> = {}): Lead => ({
  id: 'l1', name: 'Ana Robusto', email: 'ana@example.com', source: 'instagram', medium: 'social', utmCampaign: null, kind: 'member',
  engagementScore: 72, status: 'engaged', contactable: true, activity: { posts: 3, reviews: 2, humidorAdds: 4, rsvps: 1 },
  lastActiveAt: '2026-03-02T10:00:00.000Z', createdAt: '2026-02-01T10:00:00.000Z', ...over,
});

export const makeDashboard = (over: Partial<z.infer<typeof MarketingDashboard>> = {}): z.infer<typeof MarketingDashboard> => ({
  totalCampaigns: 3, activeCampaigns: 2, totalLeads: 41, recentLeads: 6, conversionRate: 12.2, campaigns: [makeCampaign()], topLeads: [makeLead()], ...over,
});

export const makeRun = (over: Partial<AutomationRun> = {}): AutomationRun => ({
  id: 'r1', name: 'lead_scoring_update', trigger: 'schedule', outcome: 'succeeded', startedAt: '2026-03-02T06:00:00.000Z',
  finishedAt: '2026-03-02T06:00:01.200Z', durationMs: 1_200, summary: 'Rescored 41 leads, 3 changed', ...over,
});

type AutomationInfo = z.infer<typeof Automation>;
export const makeAutomation = (name: AutomationInfo['name'], over: Partial<AutomationInfo> = {}): AutomationInfo => ({
  name, title: name, summary: `What ${name} does`, schedule: 'rate(1 day)', running: false, lastRun: null, history: [], ...over,
});
export const allAutomations = (over: Partial<Record<AutomationInfo['name'], Partial<AutomationInfo>>> = {}) => ({
  items: (['daily_content_generation', 'lead_scoring_update', 'campaign_optimization'] as const).map((n) => makeAutomation(n, over[n])),
});

/**
 * /marketing for an owner (or not) with the dashboard and campaigns already read, as the route's loader leaves
 * them; `path` may carry `?tab=`. The route validates and strips the search exactly as the real one does.
 */
export function renderMarketing({ path = '/marketing', isOwner = true, handlers = {}, dashboard = makeDashboard(), campaigns = [makeCampaign()] }: {
  path?: string; isOwner?: boolean; handlers?: Record<string, Handler>; dashboard?: ReturnType<typeof makeDashboard>; campaigns?: Campaign[];
} = {}) {
  const fetch = fakeApi(handlers);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, refetchOnMount: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  client.setQueryData(currentUserQuery.queryKey, { id: 'me', isOwner } as never);
  if (isOwner) {
    client.setQueryData(marketingDashboardQuery.queryKey, dashboard as never);
    client.setQueryData(campaignsQuery.queryKey, campaigns);
  }
  const rootRoute = createRootRoute();
  const marketing = createRoute({
    getParentRoute: () => rootRoute,
    path: '/marketing',
    validateSearch: validateMarketingSearch,
    search: { middlewares: [stripSearchParams(MARKETING_SEARCH_DEFAULTS)] },
    component: Marketing,
  });
  function Marketing() {
    const { tab } = marketing.useSearch();
    const navigate = useNavigate();
    return <MarketingPage tab={tab} onTabChange={(t) => void navigate({ to: '/marketing', search: { tab: t } })} />;
  }
  const router = createRouter({ routeTree: rootRoute.addChildren([marketing]), history: createMemoryHistory({ initialEntries: [path] }) });
  const result = render(
    <QueryClientProvider client={client}>
      <Suspense fallback="loading"><RouterProvider router={router} /></Suspense>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, fetch, client, router, user: userEvent.setup() };
}
