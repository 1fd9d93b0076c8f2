import { notFound } from '@torcedor/service-kit/errors';
import type { RouteHandler } from '@torcedor/service-kit/http';
import { CAMPAIGN_LEADS_SHOWN } from '@torcedor/shared/constants';
import type { Routes } from '@torcedor/shared/routes';
import { campaignView, newCampaign, type CampaignFields } from '../domain/campaigns.ts';
import { chartDays, num } from '../domain/days.ts';
import { marketingWriter } from '../providers/index.ts';
import {
  campaignDays, campaignLeadIds, createCampaign as storeCampaign, listCampaigns as readCampaigns, readCampaign, updateCampaign as changeCampaign,
} from '../store/campaigns.ts';
import { leadsByIds, readTotals, topLeads } from '../store/leads.ts';
import { clubFacts } from './automations.ts';

/** Every campaign, newest first. */
export const listCampaigns: RouteHandler<Routes['listCampaigns']> = async () => ({ items: (await readCampaigns()).map(campaignView) });

/** A campaign written by the owner, or drafted by the writer from the club's facts (then it waits as a draft). */
export const createCampaign: RouteHandler<Routes['createCampaign']> = async ({ body }) => {
  let fields: CampaignFields;
  if ('generate' in body) {
    const [writer, facts] = await Promise.all([marketingWriter(), clubFacts(new Date())]);
    const draft = await writer.draftCampaign(body.objective, facts);
    // A drafted campaign waits for the owner to read it and set it active.
    fields = { ...draft, objective: body.objective, status: 'draft', generatedBy: writer.kind };
  } else {
    fields = { ...body, generatedBy: 'owner' };
  }
  const campaign = newCampaign(fields, new Date().toISOString());
  if (!(await storeCampaign(campaign))) throw new Error(`campaign id ${campaign.id} is taken`);
  return campaignView(campaign);
};

/** A change of a campaign's own fields; 404 when there is no such campaign. */
export const updateCampaign: RouteHandler<Routes['updateCampaign']> = async ({ params, body }) => {
  const changed = await changeCampaign(params.id, body, new Date().toISOString());
  if (!changed) throw notFound('Campaign not found');
  return campaignView(changed);
};

/** A campaign's own numbers: its days, its audience (the contactable leads it may reach) and the leads it brought. */
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
