import { createHttpHandler } from '@torcedor/service-kit/http';
import { marketingRoutes } from '@torcedor/shared/routes/marketing';
import { listAutomations, runAutomation } from './handlers/automations.ts';
import { previewCampaignEmail, saveCampaignEmail, sendCampaignEmail, testCampaignEmail } from './handlers/campaign-email.ts';
import { createCampaign, getCampaignAnalytics, listCampaigns, updateCampaign } from './handlers/campaigns.ts';
import { discardDraft, listDrafts, publishDraft, updateDraft } from './handlers/drafts.ts';
import { exportMarketing } from './handlers/leads.ts';
import { getMarketingAnalytics, getMarketingDashboard } from './handlers/stats.ts';
import { recordVisit } from './handlers/visits.ts';

/** The owner's marketing area and the landing page's visit beacon (docs/marketing.md). */
export const handler = createHttpHandler(marketingRoutes, {
  recordVisit,
  getMarketingDashboard,
  getMarketingAnalytics,
  listCampaigns,
  createCampaign,
  updateCampaign,
  getCampaignAnalytics,
  saveCampaignEmail,
  previewCampaignEmail,
  testCampaignEmail,
  sendCampaignEmail,
  listAutomations,
  runAutomation,
  listDrafts,
  updateDraft,
  publishDraft,
  discardDraft,
  exportMarketing,
});
