import type { AutomationName } from '@torcedor/shared/schemas/marketing';

/** Keys as data for the marketing table (see ../README.md). */
export const keys = {
  lead: (userId: string) => ({ PK: leadPartition(userId), SK: 'LEAD' }),
  leadPartition: (userId: string) => leadPartition(userId),
  /** Marks one counted activity of a lead (a post, a review, a humidor item, an event), so a repeat counts nothing. */
  activity: (userId: string, kind: ActivityKind, ref: string) => ({ PK: leadPartition(userId), SK: `ACT#${kind}#${ref}` }),
  /** The totals of all leads. */
  totals: { PK: 'STATS', SK: 'LEADS' },
  /** Flows of one UTC day: visits, sign-ups, trials, conversions, posts, reviews, humidor adds, RSVPs. */
  day: (date: string) => ({ PK: 'STATS', SK: `DAY#${date}` }),
  dayPrefix: 'DAY#',
  /** Leads by source. */
  source: (source: string) => ({ PK: 'STATS', SK: `SOURCE#${source}` }),
  sourcePrefix: 'SOURCE#',
  /** Reviews of one day by cigar (the content generator's "this week in the club"). */
  reviewsOfDay: (date: string, cigarId: string) => ({ PK: `REVIEWS#${date}`, SK: `CIGAR#${cigarId}` }),
  reviewsOfDayPartition: (date: string) => `REVIEWS#${date}`,
  campaign: (id: string) => ({ PK: campaignPartition(id), SK: 'CAMPAIGN' }),
  campaignDay: (id: string, date: string) => ({ PK: campaignPartition(id), SK: `DAY#${date}` }),
  /** A lead the campaign brought (sorted by sign-up time). */
  campaignLead: (id: string, createdAt: string, userId: string) => ({ PK: campaignPartition(id), SK: `LEAD#${createdAt}#${userId}` }),
  campaignPartition: (id: string) => campaignPartition(id),
  lease: (name: AutomationName) => ({ PK: automationPartition(name), SK: 'LEASE' }),
  run: (name: AutomationName, runId: string) => ({ PK: automationPartition(name), SK: `RUN#${runId}` }),
  automationPartition: (name: AutomationName) => automationPartition(name),
  draft: (id: string) => ({ PK: `DRAFT#${id}`, SK: 'DRAFT' }),
  /** GSI1: leads by sign-up time; campaigns and drafts by creation time. */
  leadsByTime: 'LEADS',
  campaignsByTime: 'CAMPAIGNS',
  draftsByTime: 'DRAFTS',
  /** GSI2: leads by score. */
  leadsByScore: 'LEADS',
};

export type ActivityKind = 'post' | 'review' | 'humidor' | 'rsvp';

function leadPartition(userId: string) {
  return `LEAD#${userId}`;
}
function campaignPartition(id: string) {
  return `CAMPAIGN#${id}`;
}
function automationPartition(name: AutomationName) {
  return `AUTOMATION#${name}`;
}
