import { write } from '@torcedor/service-kit/entity';
import { countAll, deleteKeys, keyOf, partitionItems, queryPage, type Item } from '@torcedor/service-kit/items';
import { RACED, retryOnRace } from '@torcedor/service-kit/race';
import { transact, type TransactPart } from '@torcedor/service-kit/transactions';
import type { Lead } from '@torcedor/shared/schemas/marketing';
import type { ActivityKind, LeadState } from '../domain/lead-state.ts';
import { unsubscribes } from '../domain/campaign-email.ts';
import { dayFlows, leadView, storedLead, tallyOf, type StoredLead } from '../domain/lead.ts';
import { scoreLead, scoreSortKey, utcDay } from '../domain/scoring.ts';
import { removal, type LeadTransition } from '../domain/signals.ts';
import { addPart } from './counters.ts';
import { activityMarkers, campaignDayCounters, campaignLeads, campaigns, dayCounters, leads, leadTotals, sourceCounters } from './entities.ts';
import { keys } from './keys.ts';
import { toState } from './lead-items.ts';
import { unsubscribeParts } from './recipients.ts';
import { mergeTop, type ShardPage } from './shards.ts';
import { dayActivityPart, reviewTallyPart } from './stats.ts';

/** AP: a lead (consistent read), or null. */
export async function readLead(userId: string): Promise<LeadState | null> {
  const item = await leads.get(userId);
  return item ? toState(item) : null;
}

type Tallied = 'totalLeads' | 'convertedLeads' | 'trialLeads' | 'contactableLeads' | 'contactableConvertedLeads';

/**
 * The counter changes of one lead write: the totals, the source and the campaign move by the difference of the
 * lead's tally before and after; the day's flows (and the campaign's) by what happened. The campaign's list of
 * leads gains or loses the lead with it.
 */
function counterParts(before: LeadState | null, after: LeadState | null, at: string): Record<string, TransactPart | undefined> {
  const b = tallyOf(before);
  const a = tallyOf(after);
  const d = (f: Tallied) => a[f] - b[f];
  const flows = dayFlows(before, after);
  const date = utcDay(at);
  const lead = (after ?? before)!;
  // The lead's own shard of every counter (store/keys.ts): one lead's writes are already one at a time.
  const shard = keys.statsShardOf(lead.id);
  const parts: Record<string, TransactPart | undefined> = {
    totals: addPart(leadTotals.key(shard), {
      totalLeads: d('totalLeads'), convertedLeads: d('convertedLeads'), trialLeads: d('trialLeads'),
      contactableLeads: d('contactableLeads'), contactableConvertedLeads: d('contactableConvertedLeads'),
    }),
    day: addPart(dayCounters.key({ date, shard }), { ...flows }, { date }),
  };
  if (b.source !== a.source) {
    if (b.source) parts.sourceOut = addPart(sourceCounters.key({ source: b.source, shard }), { leads: -1 });
    if (a.source) parts.sourceIn = addPart(sourceCounters.key({ source: a.source, shard }), { leads: 1 }, { source: a.source });
  } else if (a.source && a.totalLeads !== b.totalLeads) {
    parts.sourceIn = addPart(sourceCounters.key({ source: a.source, shard }), { leads: a.totalLeads - b.totalLeads }, { source: a.source });
  }
  const campaign = a.campaignId ?? b.campaignId;
  if (campaign) {
    const signed = (f: 'totalLeads' | 'trialLeads' | 'convertedLeads') => (a.campaignId ? a[f] : 0) - (b.campaignId ? b[f] : 0);
    parts.campaign = addPart(campaigns.key(campaign), { signups: signed('totalLeads'), trials: signed('trialLeads'), conversions: signed('convertedLeads') });
    parts.campaignDay = addPart(campaignDayCounters.key({ id: campaign, date }), { signups: flows.signups, conversions: flows.conversions }, { date });
    const member = { id: campaign, createdAt: lead.createdAt ?? at, userId: lead.id };
    if (a.campaignId && !b.campaignId) parts.campaignLead = campaignLeads.put(member, { userId: lead.id });
    if (!a.campaignId && b.campaignId) parts.campaignLead = campaignLeads.remove(member);
  }
  return parts;
}

/** A change of a lead: how it changes, and what else the same write counts. */
export interface LeadChange {
  /** The new state, or null to delete the lead, or 'same' when the change changes nothing (domain/signals.ts). */
  apply: LeadTransition;
  /** Counts this activity once: a repeat (the marker exists) changes nothing. */
  marker?: { kind: ActivityKind; ref: string };
  /** The day's activity flow this write adds to (an activity's), on the member's shard. */
  dayActivity?: 'posts' | 'reviews' | 'humidorAdds' | 'rsvps';
  /** A review this write adds to its day's tally by cigar. */
  review?: { cigarId: string; brandName: string; cigarName: string; overallScore: number };
}

/**
 * AP: change a lead and every counter it is part of in one transaction, conditioned on the lead's version (a
 * concurrent change makes it start again from the new state, the kit's retryOnRace) and on the activity marker (a
 * duplicate event changes nothing). `at` is when it happened (the day of the flows). Answers whether it changed anything.
 */
export async function mutateLead(userId: string, at: string, change: LeadChange): Promise<boolean> {
  const extra = {
    dayActivity: change.dayActivity ? dayActivityPart(at, change.dayActivity, userId) : undefined,
    reviewTally: change.review ? reviewTallyPart(at, change.review) : undefined,
  };
  return retryOnRace(`lead ${userId}`, async () => {
    const before = await readLead(userId);
    const next = change.apply(before);
    if (next === 'same') return false;
    const after = next ? { ...next, v: (before?.v ?? 0) + 1 } : null;
    const onVersion = before ? { ConditionExpression: 'v = :v', ExpressionAttributeValues: { ':v': before.v } } : undefined;
    // Turning marketing emails off counts on the last campaign email the member received (store/recipients.ts).
    const unsubscribe = unsubscribes(before, after) ? await unsubscribeParts(userId, at) : {};
    const r = await transact({
      lead: after ? leads.put(userId, storedLead(after, utcDay(new Date())), onVersion ?? { ifAbsent: true }) : onVersion ? leads.remove(userId, onVersion) : undefined,
      marker: change.marker ? activityMarkers.put({ userId, ...change.marker }, { at }, { ifAbsent: true }) : undefined,
      ...counterParts(before, after, at),
      ...extra,
      ...unsubscribe,
    });
    if (r.ok) return true;
    if (r.failed.includes('marker')) return false;
    return RACED;
  });
}

/** AP: the totals of all leads: one BatchGet of every shard's totals, summed. */
export async function readTotals() {
  const items: Item[] = await leadTotals.getMany(keys.statsShards, { consistent: false });
  const n = (f: string) => Math.max(0, items.reduce((sum, i) => sum + Number(i[f] ?? 0), 0));
  return {
    totalLeads: n('totalLeads'), convertedLeads: n('convertedLeads'), trialLeads: n('trialLeads'),
    contactableLeads: n('contactableLeads'), contactableConvertedLeads: n('contactableConvertedLeads'),
  };
}

/** AP: leads who signed up since `since` (count): every GSI1 shard counted in parallel, summed. */
export async function countLeadsSince(since: string): Promise<number> {
  const counts = await Promise.all(keys.leadShards.map((pk) => countAll({
    IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK >= :since', ExpressionAttributeValues: { ':pk': pk, ':since': since },
  })));
  return counts.reduce((a, b) => a + b, 0);
}

/** One GSI2 shard read a page at a time, highest score first (optionally only contactable, not converted leads). */
function scoreShard(pk: string, pageSize: number, filter: { contactable?: true; notConverted?: true }): ShardPage<Item> {
  const conditions = [filter.contactable ? 'contactable = :t' : '', filter.notConverted ? 'converted = :f' : ''].filter(Boolean);
  const input = {
    IndexName: 'GSI2', ScanIndexForward: false, Limit: pageSize, KeyConditionExpression: 'GSI2PK = :pk',
    ...(conditions.length ? { FilterExpression: conditions.join(' AND ') } : {}),
    ExpressionAttributeValues: { ':pk': pk, ...(filter.contactable ? { ':t': true } : {}), ...(filter.notConverted ? { ':f': false } : {}) },
  };
  let start: Item | undefined;
  return async () => {
    const page = await queryPage(input, start);
    start = page.next;
    return { items: page.items, done: !start };
  };
}

/**
 * AP: the highest-scoring leads (GSI2), optionally only the contactable ones (and not converted): every shard queried
 * highest first, in parallel, and k-way merged on the score sort key (a filtered read reads more of a shard per page).
 */
export async function topLeads(limit: number, filter: { contactable?: true; notConverted?: true } = {}): Promise<Lead[]> {
  const asOf = utcDay(new Date());
  const pageSize = filter.contactable || filter.notConverted ? Math.max(limit, 50) : limit;
  const top = await mergeTop(keys.leadShards.map((pk) => scoreShard(pk, pageSize, filter)), (i) => String(i.GSI2SK), limit);
  return top.map((i) => leadView(toState(i), asOf));
}

/** AP: leads by id (a campaign's leads), in the order asked. */
export async function leadsByIds(ids: string[]): Promise<Lead[]> {
  const asOf = utcDay(new Date());
  const items = await leads.getMany(ids, { consistent: false });
  const byId = new Map(items.map((i) => [String(i.id), toState(i)]));
  return ids.flatMap((id) => {
    const s = byId.get(id);
    return s?.registered ? [leadView(s, asOf)] : [];
  });
}

/**
 * Rescores one lead as of a day for run `runId`: written only when its score changed, with `scoredRun = runId`, on the
 * version read and only if this run has not scored it yet, so a page run twice writes each lead once. Answers whether
 * this run changed it (a lead it scored already, in an earlier try of the page, counts too).
 */
async function rescoreOne(i: Item, asOfDay: string, runId: string): Promise<boolean> {
  if (i.scoredRun === runId) return true;
  const s = toState(i);
  const score = scoreLead(s, asOfDay);
  if (score === i.engagementScore) return false;
  // The score's index entry (GSI2SK) moves with it: an Update writes only the attributes it names.
  const fields: Partial<StoredLead> & { GSI2SK: string } = { engagementScore: score, GSI2SK: scoreSortKey(score, s.id), scoredRun: runId };
  const written = await write(leads.update(s.id, fields, {
    ConditionExpression: 'v = :v AND (attribute_not_exists(scoredRun) OR scoredRun <> :run)', ExpressionAttributeValues: { ':v': s.v, ':run': runId },
  }));
  if (written) return true;
  // Changed meanwhile (that write scored it), or scored by this run already (the index showed an older copy).
  return (await leads.get(s.id))?.scoredRun === runId;
}

/** Lead writes of a page in flight at once (each to its own partition). */
const RESCORE_WRITES_AT_ONCE = 25;

/**
 * AP: rescore one page of registered leads as of a UTC date for run `runId`: up to `limit` leads of one GSI1 shard from
 * `start` (null: the shard's beginning), written RESCORE_WRITES_AT_ONCE at a time. Answers how many it read and
 * changed, and where the shard goes on (null: the shard is done).
 */
export async function rescoreLeadsPage(p: { shard: number; start: Item | null; asOfDay: string; runId: string; limit: number }) {
  const page = await queryPage({
    IndexName: 'GSI1', Limit: p.limit, KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': keys.leadShards[p.shard] },
  }, p.start ?? undefined);
  let changed = 0;
  for (let i = 0; i < page.items.length; i += RESCORE_WRITES_AT_ONCE) {
    const done = await Promise.all(page.items.slice(i, i + RESCORE_WRITES_AT_ONCE).map((item) => rescoreOne(item, p.asOfDay, p.runId)));
    changed += done.filter(Boolean).length;
  }
  return { scanned: page.items.length, changed, next: page.next ?? null };
}

/** AP: what marketing holds of a member, for the export (the lead and its activity markers). */
export const leadPartitionItems = (userId: string) => partitionItems(keys.leadPartition(userId));

/**
 * AP: delete a member's lead, taking it out of every total in the same transaction, then its activity markers
 * (a repeat finds nothing).
 */
export async function deleteLead(userId: string, at: string): Promise<void> {
  await mutateLead(userId, at, { apply: removal });
  await deleteKeys((await leadPartitionItems(userId)).map(keyOf));
}
