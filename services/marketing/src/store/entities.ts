import { entity } from '@torcedor/service-kit/entity';
import type { AutomationName, AutomationRun, ContentDraft } from '@torcedor/shared/schemas/marketing';
import type { StoredCampaign } from '../domain/campaigns.ts';
import type { ActivityKind } from '../domain/lead-state.ts';
import type { StoredLead } from '../domain/lead.ts';
import { scoreSortKey } from '../domain/scoring.ts';
import { keys } from './keys.ts';

/**
 * Every entity of the marketing table, declared once (the service README's entity table; keys as data in keys.ts).
 * Counters (totals, days, sources, a day's reviews, a campaign's days) are only ever added to (store/counters.ts), so
 * their item types are the counters they hold.
 */

/** A lead: in the index shard of its id once registered, by sign-up time (GSI1) and by score (GSI2). */
export const leads = entity<StoredLead>({
  name: 'Lead',
  key: keys.lead,
  indexes: (l) => (l.registered && l.createdAt
    ? { GSI1: [keys.leadsShardOf(l.id), `${l.createdAt}#${l.id}`], GSI2: [keys.leadsShardOf(l.id), scoreSortKey(l.engagementScore, l.id)] }
    : {}),
});

/** One counted activity of a lead, so a repeat counts nothing. */
export const activityMarkers = entity<{ at: string }, { userId: string; kind: ActivityKind; ref: string }>({
  name: 'Activity marker',
  key: ({ userId, kind, ref }) => keys.activity(userId, kind, ref),
});

/**
 * A member who received a campaign's email (written before the send: a page run again sends to nobody twice), and
 * whether their unsubscribe was counted on that campaign.
 */
export const recipients = entity<{ campaignId: string; sendStartedAt: string; at: string; unsubscribedAt?: string }, { userId: string; sendStartedAt: string; campaignId: string }>({
  name: 'Campaign recipient',
  key: ({ userId, sendStartedAt, campaignId }) => keys.recipient(userId, sendStartedAt, campaignId),
});

/** One shard of the totals of all leads. */
export const leadTotals = entity<Record<'totalLeads' | 'convertedLeads' | 'trialLeads' | 'contactableLeads' | 'contactableConvertedLeads', number>, number>({
  name: 'Lead totals',
  key: keys.totals,
});

/** One shard of a UTC day's flows. */
export const dayCounters = entity<{ date: string } & Record<string, unknown>, { date: string; shard: number }>({
  name: 'Day',
  key: ({ date, shard }) => keys.day(date, shard),
});

/** One shard of the leads of a source (may be negative on a shard). */
export const sourceCounters = entity<{ source: string; leads: number }, { source: string; shard: number }>({
  name: 'Source',
  key: ({ source, shard }) => keys.source(source, shard),
});

/** A day's reviews of one cigar. */
export const cigarReviews = entity<{ cigarId: string; brandName: string; cigarName: string; reviews: number; scoreSum: number }, { date: string; cigarId: string }>({
  name: 'Reviews of a day',
  key: ({ date, cigarId }) => keys.reviewsOfDay(date, cigarId),
});

/** A campaign, listed newest first (GSI1 `CAMPAIGNS`). */
export const campaigns = entity<StoredCampaign>({
  name: 'Campaign',
  key: keys.campaign,
  indexes: (c) => ({ GSI1: [keys.campaignsByTime, `${c.createdAt}#${c.id}`] }),
});

/** A campaign's flows of one UTC day. */
export const campaignDayCounters = entity<{ date: string; visits?: number; signups?: number; conversions?: number }, { id: string; date: string }>({
  name: 'Campaign day',
  key: ({ id, date }) => keys.campaignDay(id, date),
});

/** A lead a campaign brought, sorted by sign-up time. */
export const campaignLeads = entity<{ userId: string }, { id: string; createdAt: string; userId: string }>({
  name: 'Campaign lead',
  key: ({ id, createdAt, userId }) => keys.campaignLead(id, createdAt, userId),
});

/** The lease of an automation: the run holding it, until when. */
export const leases = entity<{ runId: string; expiresAtMs: number }, AutomationName>({
  name: 'Automation lease',
  key: keys.lease,
});

/** One run of an automation (time-sortable id). */
export const runs = entity<AutomationRun, { name: AutomationName; runId: string }>({
  name: 'Automation run',
  key: ({ name, runId }) => keys.run(name, runId),
});

/** A draft, listed newest first (GSI1 `DRAFTS`). */
export const drafts = entity<ContentDraft>({
  name: 'Draft',
  key: keys.draft,
  indexes: (d) => ({ GSI1: [keys.draftsByTime, `${d.createdAt}#${d.id}`] }),
});
