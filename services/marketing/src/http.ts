import { createHttpHandler } from '@torcedor/service-kit/http';
import { DAY_MS, TOP_LEADS_SHOWN } from '@torcedor/shared/constants';
import { listCampaigns } from './data/campaigns.ts';
import { exportPart } from '@torcedor/service-kit/items';
import { countLeadsSince, getLead, readStats, topLeads } from './data/leads.ts';

export const handler = createHttpHandler('marketing', {
  getMarketingDashboard: async () => {
    const since = new Date(Date.now() - 7 * DAY_MS).toISOString();
    const [campaigns, stats, recentLeads, top] = await Promise.all([listCampaigns(), readStats(), countLeadsSince(since), topLeads(TOP_LEADS_SHOWN)]);
    return {
      totalCampaigns: campaigns.length,
      activeCampaigns: campaigns.filter((c) => c.status === 'active').length,
      totalLeads: stats.totalLeads,
      recentLeads,
      conversionRate: stats.totalLeads ? Math.round((stats.convertedLeads / stats.totalLeads) * 1000) / 10 : 0,
      campaigns,
      topLeads: top,
    };
  },
  exportMarketing: async ({ session }) => exportPart('marketing', await getLead(session.userId)),
});
