import * as z from 'zod';
import { route, type RouteDef } from '../route.ts';
import { VISITS_PATH } from '../constants.ts';
import { IdParams, Ok } from '../schemas/common.ts';
import {
  Automations, AutomationRun, Campaign, CampaignAnalytics, CampaignEmailBody, CampaignEmailPreview, CampaignEmailSend, ContentDraft,
  ContentDrafts, CreateCampaignBody, MarketingAnalytics, MarketingDashboard, RunAutomationBody, UpdateCampaignBody, UpdateDraftBody,
} from '../schemas/marketing.ts';
import { VisitBody } from '../schemas/attribution.ts';
import { exportPart } from './export-part.ts';

/** The owner's marketing area (docs/marketing.md); every route but the visit beacon is owner-only. */
export const marketingRoutes = {
  recordVisit: route({
    method: 'POST', path: VISITS_PATH, service: 'marketing', access: 'public',
    summary: "A landing-page visit, with where it came from (the funnel's visitors and a campaign's visits): a browser counts once a day, an address a bounded number of times",
    body: VisitBody, response: Ok, errors: ['RATE_LIMITED'],
  }),
  getMarketingDashboard: route({
    method: 'GET', path: '/api/marketing/dashboard', service: 'marketing', access: 'owner',
    summary: 'Campaign and lead statistics for the owner (polled every 30 s)', response: MarketingDashboard,
  }),
  getMarketingAnalytics: route({
    method: 'GET', path: '/api/marketing/analytics', service: 'marketing', access: 'owner',
    summary: 'Sign-ups, trials, conversions and visits per day, the funnel, and lead sources', response: MarketingAnalytics,
  }),
  listCampaigns: route({
    method: 'GET', path: '/api/marketing/campaigns', service: 'marketing', access: 'owner',
    summary: 'Every campaign, newest first, with its numbers and its last ranking', response: z.object({ items: z.array(Campaign) }),
  }),
  createCampaign: route({
    method: 'POST', path: '/api/marketing/campaigns', service: 'marketing', access: 'owner', status: 201, idempotent: true,
    summary: 'Create a campaign, written by the owner or drafted by the AI provider from the club\'s numbers (`generate: true`)',
    body: CreateCampaignBody, response: Campaign,
  }),
  updateCampaign: route({
    method: 'PUT', path: '/api/marketing/campaigns/{id}', service: 'marketing', access: 'owner',
    summary: "Change a campaign's name, description, objective, type or status", params: IdParams, body: UpdateCampaignBody, response: Campaign,
  }),
  saveCampaignEmail: route({
    method: 'PUT', path: '/api/marketing/campaigns/{id}/email', service: 'marketing', access: 'owner',
    summary: "Write or change a campaign's email (subject and body; the campaign's link and the unsubscribe footer are added)",
    params: IdParams, body: CampaignEmailBody, response: Campaign, errors: ['EMAIL_ALREADY_SENT'],
  }),
  previewCampaignEmail: route({
    method: 'GET', path: '/api/marketing/campaigns/{id}/email/preview', service: 'marketing', access: 'owner',
    summary: "The campaign's email as a member receives it: subject, text and HTML parts", params: IdParams, response: CampaignEmailPreview,
  }),
  testCampaignEmail: route({
    method: 'POST', path: '/api/marketing/campaigns/{id}/email/test', service: 'marketing', access: 'owner', status: 202,
    summary: "Send the campaign's email to the owner's own verified address", params: IdParams, response: Ok, errors: ['NO_VERIFIED_ADDRESS'],
  }),
  sendCampaignEmail: route({
    method: 'POST', path: '/api/marketing/campaigns/{id}/email/send', service: 'marketing', access: 'owner', status: 202,
    summary: 'Send the email once to every member who accepts marketing emails at a verified address, in pages within SES\'s rate',
    params: IdParams, response: CampaignEmailSend, errors: ['EMAIL_ALREADY_SENT'],
  }),
  getCampaignAnalytics: route({
    method: 'GET', path: '/api/marketing/campaigns/{id}', service: 'marketing', access: 'owner',
    summary: "A campaign's own numbers: visits, sign-ups and conversions per day, its audience and its leads", params: IdParams, response: CampaignAnalytics,
  }),
  listAutomations: route({
    method: 'GET', path: '/api/marketing/automations', service: 'marketing', access: 'owner',
    summary: 'The scheduled automations: whether each is running, its last runs with duration and outcome', response: Automations,
  }),
  runAutomation: route({
    method: 'POST', path: '/api/marketing/automation/run', service: 'marketing', access: 'owner', status: 202,
    summary: 'Start an automation now (it runs in the background; one run of each at a time)', body: RunAutomationBody, response: AutomationRun,
    errors: ['AUTOMATION_RUNNING'],
  }),
  listDrafts: route({
    method: 'GET', path: '/api/marketing/drafts', service: 'marketing', access: 'owner',
    summary: 'Content drafts written by daily_content_generation, newest first', response: ContentDrafts,
  }),
  updateDraft: route({
    method: 'PUT', path: '/api/marketing/drafts/{id}', service: 'marketing', access: 'owner',
    summary: "Edit a draft's title and text", params: IdParams, body: UpdateDraftBody, response: ContentDraft, errors: ['DRAFT_CLOSED'],
  }),
  publishDraft: route({
    method: 'POST', path: '/api/marketing/drafts/{id}/publish', service: 'marketing', access: 'owner',
    summary: "Publish a draft: a community post in the owner's name, or an active campaign", params: IdParams, response: ContentDraft, errors: ['DRAFT_CLOSED'],
  }),
  discardDraft: route({
    method: 'POST', path: '/api/marketing/drafts/{id}/discard', service: 'marketing', access: 'owner',
    summary: 'Set a draft aside', params: IdParams, response: ContentDraft, errors: ['DRAFT_CLOSED'],
  }),
  exportMarketing: exportPart('marketing', '/api/export/marketing'),
} satisfies Record<string, RouteDef>;
