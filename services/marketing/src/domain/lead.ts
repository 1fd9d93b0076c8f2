import type { Attribution } from '@torcedor/shared/schemas/attribution';
import type { Lead } from '@torcedor/shared/schemas/marketing';
import { scoreLead } from './scoring.ts';

/**
 * What marketing holds of a lead (docs/marketing.md, "Leads"). The events that build it arrive in any order:
 * activity or a subscription may come before the sign-up, so a lead exists unregistered (counted nowhere, shown
 * nowhere) until its UserRegistered arrives.
 */
export interface LeadState {
  id: string;
  registered: boolean;
  name: string | null;
  email: string | null;
  kind: 'member' | 'trial' | null;
  source: string | null;
  medium: string | null;
  utmCampaign: string | null;
  referrer: string | null;
  /** The campaign the lead is attributed to: its utm_campaign named one of ours when the lead signed up. */
  campaignId: string | null;
  createdAt: string | null;
  posts: number;
  reviews: number;
  humidorAdds: number;
  rsvps: number;
  lastActiveAt: string | null;
  trialed: boolean;
  converted: boolean;
  convertedAt: string | null;
  /** The member accepts marketing emails (Settings; off by default). */
  contactable: boolean;
  /** The version of the last profile event applied (older ones are ignored). */
  profileVersion: number;
  /** Optimistic-concurrency version of the stored lead. */
  v: number;
}

export const emptyLead = (id: string): LeadState => ({
  id, registered: false, name: null, email: null, kind: null, source: null, medium: null, utmCampaign: null, referrer: null,
  campaignId: null, createdAt: null, posts: 0, reviews: 0, humidorAdds: 0, rsvps: 0, lastActiveAt: null, trialed: false,
  converted: false, convertedAt: null, contactable: false, profileVersion: 0, v: 0,
});

/** The source of a lead: utm_source, else the referring site's host (without www.), else 'direct'. */
export function sourceOf(a: Attribution | undefined): string {
  if (a?.utmSource) return a.utmSource.toLowerCase();
  if (a?.referrer) {
    try {
      return new URL(a.referrer).hostname.replace(/^www\./, '').toLowerCase() || 'direct';
    } catch {
      return 'direct';
    }
  }
  return 'direct';
}

export const activityTotal = (s: LeadState) => s.posts + s.reviews + s.humidorAdds + s.rsvps;
export const leadStatus = (s: LeadState): Lead['status'] => (s.converted ? 'converted' : activityTotal(s) > 0 ? 'engaged' : 'new');

/** The later of two instants (either may be absent). */
export const later = (a: string | null, b: string | null) => (!a ? b : !b ? a : a > b ? a : b);

/** The lead as the owner sees it. */
export function leadView(s: LeadState, asOfDay: string): Lead {
  return {
    id: s.id, name: s.name, email: s.email, source: s.source ?? 'direct', medium: s.medium, utmCampaign: s.utmCampaign,
    kind: s.kind ?? 'member', engagementScore: scoreLead(s, asOfDay), status: leadStatus(s), contactable: s.contactable,
    activity: { posts: s.posts, reviews: s.reviews, humidorAdds: s.humidorAdds, rsvps: s.rsvps },
    lastActiveAt: s.lastActiveAt, createdAt: s.createdAt ?? '',
  };
}

/**
 * What a lead counts for in the totals (all zero while unregistered). The stored totals change by the difference
 * of a write's before and after, in the write's own transaction, so they always equal the leads.
 */
export interface LeadTally {
  totalLeads: number;
  convertedLeads: number;
  trialLeads: number;
  contactableLeads: number;
  contactableConvertedLeads: number;
  source: string | null;
  campaignId: string | null;
}

export function tallyOf(s: LeadState | null): LeadTally {
  const on = !!s?.registered;
  return {
    totalLeads: on ? 1 : 0,
    convertedLeads: on && s.converted ? 1 : 0,
    trialLeads: on && s.trialed ? 1 : 0,
    contactableLeads: on && s.contactable ? 1 : 0,
    contactableConvertedLeads: on && s.contactable && s.converted ? 1 : 0,
    source: on ? (s.source ?? 'direct') : null,
    campaignId: on ? s.campaignId : null,
  };
}

/** The flows a write adds to the day it happens on (never taken back: the charts are history). */
export interface DayFlows { signups: number; trials: number; conversions: number }

export function dayFlows(before: LeadState | null, after: LeadState | null): DayFlows {
  const b = tallyOf(before);
  const a = tallyOf(after);
  if (!after) return { signups: 0, trials: 0, conversions: 0 };
  return {
    signups: a.totalLeads > b.totalLeads ? 1 : 0,
    trials: a.trialLeads > b.trialLeads ? 1 : 0,
    conversions: a.convertedLeads > b.convertedLeads ? 1 : 0,
  };
}
