import { randomUUID } from 'node:crypto';
import { readCookies, serializeCookie } from '@torcedor/service-kit/cookies';
import { badRequest, notFound, tooManyRequests } from '@torcedor/service-kit/errors';
import type { RouteHandler } from '@torcedor/service-kit/http';
import { baseConfig } from '@torcedor/service-kit/config';
import { eventPart } from '@torcedor/service-kit/outbox';
import {
  AUTOMATION_NAMES, CAMPAIGN_DESCRIPTION_MAX, CAMPAIGN_LEADS_SHOWN, CAMPAIGN_NAME_MAX, DAY_MS, MARKETING_CHART_DAYS, TOP_LEADS_SHOWN, VISIT_COOKIE,
} from '@torcedor/shared/constants';
import type { Routes } from '@torcedor/shared/routes';
import type { AutomationRun } from '@torcedor/shared/schemas/marketing';
import { readLease, recentRuns } from './data/automations.ts';
import {
  campaignDays, campaignExists, campaignLeadIds, campaignPut, createCampaign as storeCampaign, listCampaigns as readCampaigns, readCampaign,
  updateCampaign as changeCampaign,
} from './data/campaigns.ts';
import { changeDraft, listDrafts as readDrafts, readDraft } from './data/drafts.ts';
import { countLeadsSince, leadsByIds, readTotals, topLeads } from './data/leads.ts';
import { readDays, readSources, recordVisit as countVisit, reserveVisit } from './data/stats.ts';
import { AUTOMATIONS, clubFacts, requestRun, scheduleOf } from './domain/automations.ts';
import { campaignView, newCampaignId, rate, type StoredCampaign } from './domain/campaigns.ts';
import { utcDay } from './domain/scoring.ts';
import { marketingWriter } from './providers/index.ts';

/** The UTC dates of the charts, oldest first, today last. */
const chartDays = (now: Date) => Array.from({ length: MARKETING_CHART_DAYS }, (_, i) => utcDay(new Date(now.getTime() - (MARKETING_CHART_DAYS - 1 - i) * DAY_MS)));
const num = (v: unknown) => Number(v ?? 0);
/** Seconds from `now` to the end of its UTC day (at least one). */
const secondsLeftIn = (now: Date) => Math.max(1, Math.ceil((DAY_MS - (now.getTime() % DAY_MS)) / 1000));
const secureCookies = () => baseConfig().APP_ORIGIN.startsWith('https://');

/**
 * A landing-page visit (docs/marketing.md, "Visits"): a browser already counted today (its cookie names the day) is not
 * counted again; otherwise the member's real address spends one of its visits of the day (and of the campaign's), and
 * the visit is counted with the cookie set until the day ends.
 */
export const recordVisit: RouteHandler<Routes['recordVisit']> = async ({ body, event, cookies, clientAddress }) => {
  const now = new Date();
  const day = utcDay(now);
  if (readCookies(event.cookies, event.headers.cookie)[VISIT_COOKIE] === day) return { ok: true as const };
  const code = body.attribution?.utmCampaign;
  const campaign = code && (await campaignExists(code)) ? code : null;
  const wait = await reserveVisit(await clientAddress(), campaign, Math.floor(now.getTime() / 1000));
  if (wait > 0) throw tooManyRequests('Too many visits from this address today.', 'RATE_LIMITED', wait);
  await countVisit(now.toISOString(), campaign);
  cookies.push(serializeCookie(VISIT_COOKIE, day, { secure: secureCookies(), maxAgeSeconds: secondsLeftIn(now) }));
  return { ok: true as const };
};

export const getMarketingDashboard: RouteHandler<Routes['getMarketingDashboard']> = async () => {
  const since = new Date(Date.now() - 7 * DAY_MS).toISOString();
  const [campaigns, totals, recentLeads, top] = await Promise.all([readCampaigns(), readTotals(), countLeadsSince(since), topLeads(TOP_LEADS_SHOWN)]);
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

export const listCampaigns: RouteHandler<Routes['listCampaigns']> = async () => ({ items: (await readCampaigns()).map(campaignView) });

export const createCampaign: RouteHandler<Routes['createCampaign']> = async ({ body }) => {
  const now = new Date().toISOString();
  let fields: Pick<StoredCampaign, 'name' | 'description' | 'objective' | 'type' | 'status' | 'generatedBy'>;
  if ('generate' in body) {
    const [writer, facts] = await Promise.all([marketingWriter(), clubFacts(new Date())]);
    const draft = await writer.draftCampaign(body.objective, facts);
    // A drafted campaign waits for the owner to read it and set it active.
    fields = { ...draft, objective: body.objective, status: 'draft', generatedBy: writer.kind };
  } else {
    fields = { ...body, generatedBy: 'owner' };
  }
  const campaign: StoredCampaign = {
    id: newCampaignId(fields.name), ...fields, visits: 0, signups: 0, trials: 0, conversions: 0, ranking: null, createdAt: now, updatedAt: now,
  };
  await storeCampaign(campaign);
  return campaignView(campaign);
};

export const updateCampaign: RouteHandler<Routes['updateCampaign']> = async ({ params, body }) =>
  campaignView(await changeCampaign(params.id, body, new Date().toISOString()));

export const getCampaignAnalytics: RouteHandler<Routes['getCampaignAnalytics']> = async ({ params }) => {
  const days = chartDays(new Date());
  const campaign = await readCampaign(params.id);
  if (!campaign) throw notFound('Campaign not found');
  const conversion = campaign.objective === 'conversion';
  const [items, totals, audience, ids] = await Promise.all([
    campaignDays(params.id, days[0]!), readTotals(),
    topLeads(CAMPAIGN_LEADS_SHOWN, { contactable: true, ...(conversion ? { notConverted: true as const } : {}) }),
    campaignLeadIds(params.id, CAMPAIGN_LEADS_SHOWN),
  ]);
  const byDay = new Map(items.map((i) => [String(i.date), i]));
  const leads = (await leadsByIds(ids)).sort((a, b) => b.engagementScore - a.engagementScore);
  return {
    campaign: campaignView(campaign),
    days: days.map((date) => ({ date, visits: num(byDay.get(date)?.visits), signups: num(byDay.get(date)?.signups), conversions: num(byDay.get(date)?.conversions) })),
    audience: { size: conversion ? totals.contactableLeads - totals.contactableConvertedLeads : totals.contactableLeads, leads: audience },
    leads,
  };
};

/** A run recorded as running whose lease is gone or expired died without finishing (its worker timed out). */
const asSeen = (run: AutomationRun, running: boolean): AutomationRun =>
  run.outcome === 'running' && !running ? { ...run, outcome: 'failed', summary: 'Did not finish: the run stopped before it could record its outcome.' } : run;

export const listAutomations: RouteHandler<Routes['listAutomations']> = async () => {
  const now = Date.now();
  const items = await Promise.all(AUTOMATION_NAMES.map(async (name) => {
    const [runs, lease] = await Promise.all([recentRuns(name), readLease(name)]);
    const running = !!lease && lease.expiresAtMs > now;
    const history = runs.map((r) => asSeen(r, running && r.id === lease?.runId));
    return { name, ...AUTOMATIONS[name], schedule: scheduleOf(name), running, lastRun: history[0] ?? null, history };
  }));
  return { items };
};

export const runAutomation: RouteHandler<Routes['runAutomation']> = async ({ body, session }) => requestRun(body.name, session.userId);

export const listDrafts: RouteHandler<Routes['listDrafts']> = async () => ({ items: await readDrafts() });

export const updateDraft: RouteHandler<Routes['updateDraft']> = async ({ params, body }) =>
  changeDraft(params.id, { ...body, updatedAt: new Date().toISOString() });

/**
 * A post draft becomes a community post in the owner's name (social writes it from MarketingPostApproved, once); a
 * campaign draft becomes an active campaign. Either way in the same transaction as the draft's new status.
 */
export const publishDraft: RouteHandler<Routes['publishDraft']> = async ({ params, session }) => {
  const draft = await readDraft(params.id);
  const now = new Date().toISOString();
  if (draft.kind === 'post') {
    const postId = randomUUID();
    return changeDraft(params.id, { status: 'published', publishedAt: now, publishedAs: postId, updatedAt: now }, {
      event: eventPart('MarketingPostApproved', { draftId: draft.id, postId, userId: session.userId, content: draft.body, createdAt: now }),
    });
  }
  const tooLong = draft.title.length > CAMPAIGN_NAME_MAX ? ['title', CAMPAIGN_NAME_MAX] as const
    : draft.body.length > CAMPAIGN_DESCRIPTION_MAX ? ['body', CAMPAIGN_DESCRIPTION_MAX] as const : null;
  if (tooLong) {
    const message = `A campaign's ${tooLong[0] === 'title' ? 'name' : 'description'} is at most ${tooLong[1]} characters: shorten the draft first.`;
    throw badRequest(message, [{ path: [tooLong[0]], message }]);
  }
  const campaign: StoredCampaign = {
    id: newCampaignId(draft.title), name: draft.title, description: draft.body, objective: 'acquisition', type: draft.campaignType ?? 'social',
    status: 'active', generatedBy: draft.generatedBy, visits: 0, signups: 0, trials: 0, conversions: 0, ranking: null, createdAt: now, updatedAt: now,
  };
  return changeDraft(params.id, { status: 'published', publishedAt: now, publishedAs: campaign.id, updatedAt: now }, { campaign: campaignPut(campaign) });
};

export const discardDraft: RouteHandler<Routes['discardDraft']> = async ({ params }) =>
  changeDraft(params.id, { status: 'discarded', updatedAt: new Date().toISOString() });
