import type { RouteHandler } from '@torcedor/service-kit/http';
import { DAY_MS, TOP_LEADS_SHOWN } from '@torcedor/shared/constants';
import type { Routes } from '@torcedor/shared/routes';
import { campaignView, rate } from '../domain/campaigns.ts';
import { chartDays, num } from '../domain/days.ts';
import { listCampaigns } from '../store/campaigns.ts';
import { countLeadsSince, readTotals, topLeads } from '../store/leads.ts';
import { readDays, readSources } from '../store/stats.ts';

/** The owner's dashboard: campaigns, lead totals, the week's new leads and the top leads. */
export const getMarketingDashboard: RouteHandler<Routes['getMarketingDashboard']> = async () => {
  const since = new Date(Date.now() - 7 * DAY_MS).toISOString();
  const [campaigns, totals, recentLeads, top] = await Promise.all([listCampaigns(), readTotals(), countLeadsSince(since), topLeads(TOP_LEADS_SHOWN)]);
  return {
    totalCampaigns: campaigns.length,
    activeCampaigns: campaigns.filter((c) => c.status === 'active').length,
    totalLeads: totals.totalLeads,
    recentLeads,
    conversionRate: rate(totals.convertedLeads, totals.totalLeads),
    campaigns: campaigns.map(campaignView),
    topLeads: top,
  };
};

/** The charts' days (visits, sign-ups, trials, conversions), the funnel over them and the leads by source. */
export const getMarketingAnalytics: RouteHandler<Routes['getMarketingAnalytics']> = async () => {
  const days = chartDays(new Date());
  const [items, sources] = await Promise.all([readDays(days[0]!), readSources()]);
  const byDay = new Map(items.map((i) => [String(i.date), i]));
  const series = days.map((date) => {
    const d = byDay.get(date);
    return { date, visits: num(d?.visits), signups: num(d?.signups), trials: num(d?.trials), conversions: num(d?.conversions) };
  });
  const total = (f: 'visits' | 'signups' | 'trials' | 'conversions') => series.reduce((n, d) => n + d[f], 0);
  return {
    days: series,
    funnel: { visitors: total('visits'), signups: total('signups'), trials: total('trials'), premium: total('conversions') },
    sources,
  };
};
