import type { AutomationName } from '@torcedor/shared/schemas/marketing';
import type { ActivityKind } from '../domain/lead-state.ts';

/**
 * Write shards (the counts, why, and how reads merge: the access-pattern table of the service README). Every post,
 * review, humidor add, RSVP, visit and sign-up moves a day counter, and every lead change a total or a source: on one
 * key each, a busy day would pass DynamoDB's per-partition write limit. So each counter lives on STATS_SHARDS
 * partitions, a write picks one (by a hash of the writer's id, or at random for an anonymous visit) and a read sums
 * them. The leads' index partitions are sharded by a hash of the lead's id the same way, and reads merge the shards.
 * Shard 0 keeps the unsharded name, so what was written before sharding is read as shard 0.
 */
export const STATS_SHARDS = 16;
export const LEAD_INDEX_SHARDS = 16;

/** FNV-1a (32 bits) of an id, modulo `shards`: stable for an id, evenly spread over ids. */
export function shardOf(id: string, shards: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % shards;
}

const RECIPIENT_PREFIX = 'MAIL#';
const sharded = (base: string, n: number) => (n === 0 ? base : `${base}#${n}`);
const shardNumbers = (n: number) => Array.from({ length: n }, (_, i) => i);
const statsPartition = (shard: number) => sharded('STATS', shard);

/** Keys as data for the marketing table (the service README's entity table; store/entities.ts declares each entity). */
export const keys = {
  lead: (userId: string) => ({ PK: leadPartition(userId), SK: 'LEAD' }),
  leadPartition: (userId: string) => leadPartition(userId),
  /** Marks one counted activity of a lead (a post, a review, a humidor item, an event), so a repeat counts nothing. */
  activity: (userId: string, kind: ActivityKind, ref: string) => ({ PK: leadPartition(userId), SK: `ACT#${kind}#${ref}` }),
  /**
   * Marks a member as a recipient of a campaign's email (written before the send, so it goes once), in the member's own
   * partition (their export shows it, their deletion takes it), sorted by when the send started: the newest is the
   * campaign an unsubscribe is put down to.
   */
  recipient: (userId: string, sendStartedAt: string, campaignId: string) => ({ PK: leadPartition(userId), SK: `${RECIPIENT_PREFIX}${sendStartedAt}#${campaignId}` }),
  recipientPrefix: RECIPIENT_PREFIX,
  /** The shards of the counters (0 … STATS_SHARDS - 1), and the one a writer writes to. */
  statsShards: shardNumbers(STATS_SHARDS),
  statsShardOf: (writerId: string) => shardOf(writerId, STATS_SHARDS),
  statsPartition,
  /** One shard of the totals of all leads. */
  totals: (shard: number) => ({ PK: statsPartition(shard), SK: 'LEADS' }),
  /** One shard of the flows of one UTC day: visits, sign-ups, trials, conversions, posts, reviews, humidor adds, RSVPs. */
  day: (date: string, shard: number) => ({ PK: statsPartition(shard), SK: `DAY#${date}` }),
  dayPrefix: 'DAY#',
  /** One shard of the leads of a source. */
  source: (source: string, shard: number) => ({ PK: statsPartition(shard), SK: `SOURCE#${source}` }),
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
  /**
   * GSI1 (leads by sign-up time) and GSI2 (leads by score): the lead's shard partition, `LEADS#<n>` by a hash of its id;
   * `leadShards` are every shard's partition, which reads query and merge.
   */
  leadsShardOf: (userId: string) => sharded('LEADS', shardOf(userId, LEAD_INDEX_SHARDS)),
  leadShards: shardNumbers(LEAD_INDEX_SHARDS).map((n) => sharded('LEADS', n)),
  /** GSI1: campaigns and drafts by creation time. */
  campaignsByTime: 'CAMPAIGNS',
  draftsByTime: 'DRAFTS',
};

function leadPartition(userId: string) {
  return `LEAD#${userId}`;
}
function campaignPartition(id: string) {
  return `CAMPAIGN#${id}`;
}
function automationPartition(name: AutomationName) {
  return `AUTOMATION#${name}`;
}
