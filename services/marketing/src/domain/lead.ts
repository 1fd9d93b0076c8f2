import type { Attribution } from '@torcedor/shared/schemas/attribution';
import type { Lead } from '@torcedor/shared/schemas/marketing';
import type { LeadState } from './lead-state.ts';
import { scoreLead } from './scoring.ts';

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

/** Everything the lead did: posts, reviews, humidor adds and RSVPs. */
export const activityTotal = (s: LeadState) => s.posts + s.reviews + s.humidorAdds + s.rsvps;
/** New, engaged (did anything), or converted. */
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

/** A lead's part of the totals (nothing while unregistered). */
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

/** What a write from `before` to `after` adds to its day: a sign-up, a trial, a conversion. */
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

/** A lead as stored: its state, its score and status as of its last write, and the rescoring run that last changed the score. */
export type StoredLead = LeadState & { engagementScore: number; status: Lead['status']; scoredRun?: string };

/** The stored form of a lead's state as of a UTC date: its score and status computed then. */
export function storedLead(s: LeadState, asOfDay: string): StoredLead {
  return { ...s, engagementScore: scoreLead(s, asOfDay), status: leadStatus(s) };
}
