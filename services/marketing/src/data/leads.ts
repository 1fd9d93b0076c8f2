import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, isConditionFailure, TABLE } from '@torcedor/service-kit/ddb';
import { batchGetAll, countAll, deleteKeys, indexKeys, keyOf, partitionItems, type Item } from '@torcedor/service-kit/items';
import { transact, type TransactPart } from '@torcedor/service-kit/transactions';
import type { Lead } from '@torcedor/shared/schemas/marketing';
import { dayFlows, emptyLead, leadView, tallyOf, type LeadState } from '../domain/lead.ts';
import { scoreLead, scoreSortKey, utcDay } from '../domain/scoring.ts';
import { keys, type ActivityKind } from './keys.ts';
import { mergeTop, type ShardPage } from './shards.ts';

const LEAD_FIELDS = Object.keys(emptyLead('')) as (keyof LeadState)[];

function toState(i: Item): LeadState {
  const base = emptyLead(String(i.id));
  return Object.fromEntries(LEAD_FIELDS.map((f) => [f, i[f] ?? base[f]])) as unknown as LeadState;
}

/** The stored lead: its state, its score as of the write's day, and index keys once it is registered. */
function leadItem(s: LeadState, asOfDay: string): Item {
  const score = scoreLead(s, asOfDay);
  return {
    ...keys.lead(s.id), ...s, engagementScore: score, status: leadView(s, asOfDay).status,
    ...(s.registered && s.createdAt
      ? indexKeys({ GSI1: [keys.leadsShardOf(s.id), `${s.createdAt}#${s.id}`], GSI2: [keys.leadsShardOf(s.id), scoreSortKey(score, s.id)] })
      : {}),
  };
}

/** AP: a lead (consistent read), or null. */
export async function readLead(userId: string): Promise<LeadState | null> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.lead(userId), ConsistentRead: true }));
  return out.Item ? toState(out.Item) : null;
}

const add = (key: Record<string, string>, fields: Record<string, number>, set: Record<string, unknown> = {}): TransactPart | undefined => {
  const adds = Object.entries(fields).filter(([, n]) => n !== 0);
  const sets = Object.entries(set);
  if (!adds.length) return undefined;
  return {
    Update: {
      TableName: TABLE, Key: key,
      UpdateExpression: [`ADD ${adds.map((_, i) => `#a${i} :a${i}`).join(', ')}`, sets.length ? `SET ${sets.map((_, i) => `#s${i} = :s${i}`).join(', ')}` : '']
        .filter(Boolean).join(' '),
      ExpressionAttributeNames: { ...Object.fromEntries(adds.map(([k], i) => [`#a${i}`, k])), ...Object.fromEntries(sets.map(([k], i) => [`#s${i}`, k])) },
      ExpressionAttributeValues: { ...Object.fromEntries(adds.map(([, n], i) => [`:a${i}`, n])), ...Object.fromEntries(sets.map(([, v], i) => [`:s${i}`, v])) },
    },
  };
};

/**
 * The counter changes of one lead write: the totals, the source and the campaign move by the difference of the
 * lead's tally before and after; the day's flows (and the campaign's) by what happened. The campaign's list of
 * leads gains or loses the lead with it.
 */
function counterParts(before: LeadState | null, after: LeadState | null, at: string): Record<string, TransactPart | undefined> {
  const b = tallyOf(before);
  const a = tallyOf(after);
  const d = (f: 'totalLeads' | 'convertedLeads' | 'trialLeads' | 'contactableLeads' | 'contactableConvertedLeads') => a[f] - b[f];
  const flows = dayFlows(before, after);
  const day = utcDay(at);
  // The lead's own shard of every counter (keys.ts): one lead's writes are already one at a time.
  const shard = keys.statsShardOf((after ?? before)!.id);
  const parts: Record<string, TransactPart | undefined> = {
    totals: add(keys.totals(shard), {
      totalLeads: d('totalLeads'), convertedLeads: d('convertedLeads'), trialLeads: d('trialLeads'),
      contactableLeads: d('contactableLeads'), contactableConvertedLeads: d('contactableConvertedLeads'),
    }),
    day: add(keys.day(day, shard), flows as unknown as Record<string, number>, { date: day }),
  };
  if (b.source !== a.source) {
    if (b.source) parts.sourceOut = add(keys.source(b.source, shard), { leads: -1 });
    if (a.source) parts.sourceIn = add(keys.source(a.source, shard), { leads: 1 }, { source: a.source });
  } else if (a.source && a.totalLeads !== b.totalLeads) {
    parts.sourceIn = add(keys.source(a.source, shard), { leads: a.totalLeads - b.totalLeads }, { source: a.source });
  }
  const campaign = a.campaignId ?? b.campaignId;
  if (campaign) {
    const signed = (f: 'totalLeads' | 'trialLeads' | 'convertedLeads') => (a.campaignId ? a[f] : 0) - (b.campaignId ? b[f] : 0);
    parts.campaign = add(keys.campaign(campaign), { signups: signed('totalLeads'), trials: signed('trialLeads'), conversions: signed('convertedLeads') });
    parts.campaignDay = add(keys.campaignDay(campaign, day), { signups: flows.signups, conversions: flows.conversions }, { date: day });
    const createdAt = (after ?? before)!.createdAt ?? at;
    const member = keys.campaignLead(campaign, createdAt, (after ?? before)!.id);
    if (a.campaignId && !b.campaignId) parts.campaignLead = { Put: { TableName: TABLE, Item: { ...member, userId: (after ?? before)!.id } } };
    if (!a.campaignId && b.campaignId) parts.campaignLead = { Delete: { TableName: TABLE, Key: member } };
  }
  return parts;
}

export interface LeadChange {
  /** The new state, or null to delete the lead, or 'same' when the change changes nothing. */
  apply: (before: LeadState | null) => LeadState | null | 'same';
  /** Counts this activity once: a repeat (the marker exists) changes nothing. */
  marker?: { kind: ActivityKind; ref: string };
  /** More parts of the same write (the day's activity flows, the week's review tallies). */
  extra?: Record<string, TransactPart | undefined>;
}

/**
 * AP: change a lead and every counter it is part of in one transaction, conditioned on the lead's version (a
 * concurrent change makes it start again from the new state) and on the activity marker (a duplicate event
 * changes nothing). `at` is when it happened (the day of the flows). Answers whether it changed anything.
 */
export async function mutateLead(userId: string, at: string, change: LeadChange): Promise<boolean> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const before = await readLead(userId);
    const next = change.apply(before);
    if (next === 'same') return false;
    const after = next ? { ...next, v: (before?.v ?? 0) + 1 } : null;
    const asOf = utcDay(new Date());
    const guard = before
      ? { ConditionExpression: 'v = :v', ExpressionAttributeValues: { ':v': before.v } }
      : { ConditionExpression: 'attribute_not_exists(PK)' };
    const r = await transact({
      lead: after ? { Put: { TableName: TABLE, Item: leadItem(after, asOf), ...guard } } : before ? { Delete: { TableName: TABLE, Key: keys.lead(userId), ...guard } } : undefined,
      marker: change.marker
        ? { Put: { TableName: TABLE, Item: { ...keys.activity(userId, change.marker.kind, change.marker.ref), at }, ConditionExpression: 'attribute_not_exists(PK)' } }
        : undefined,
      ...counterParts(before, after, at),
      ...change.extra,
    });
    if (r.ok) return true;
    if (r.failed.includes('marker')) return false;
  }
  throw new Error(`lead ${userId} kept changing under the write`);
}

/** AP: the totals of all leads: one BatchGet of every shard's totals, summed. */
export async function readTotals() {
  const items = await batchGetAll(keys.statsShards.map((n) => keys.totals(n)));
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
  let start: Item | undefined;
  return async () => {
    const page = await ddb.send(new QueryCommand({
      TableName: TABLE, IndexName: 'GSI2', ScanIndexForward: false, Limit: pageSize, ExclusiveStartKey: start,
      KeyConditionExpression: 'GSI2PK = :pk',
      ...(conditions.length ? { FilterExpression: conditions.join(' AND ') } : {}),
      ExpressionAttributeValues: { ':pk': pk, ...(filter.contactable ? { ':t': true } : {}), ...(filter.notConverted ? { ':f': false } : {}) },
    }));
    start = page.LastEvaluatedKey;
    return { items: page.Items ?? [], done: !start };
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
  const items = await batchGetAll(ids.map((id) => keys.lead(id)));
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
  try {
    await ddb.send(new UpdateCommand({
      TableName: TABLE, Key: keys.lead(s.id),
      UpdateExpression: 'SET engagementScore = :s, GSI2SK = :k, scoredRun = :run',
      ConditionExpression: 'v = :v AND (attribute_not_exists(scoredRun) OR scoredRun <> :run)',
      ExpressionAttributeValues: { ':s': score, ':k': scoreSortKey(score, s.id), ':v': s.v, ':run': runId },
    }));
    return true;
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    // Changed meanwhile (that write scored it), or scored by this run already (the index showed an older copy).
    const now = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.lead(s.id), ConsistentRead: true }));
    return now.Item?.scoredRun === runId;
  }
}

/** Lead writes of a page in flight at once (each to its own partition). */
const RESCORE_WRITES_AT_ONCE = 25;

/**
 * AP: rescore one page of registered leads as of a UTC date for run `runId`: up to `limit` leads of one GSI1 shard from
 * `start` (null: the shard's beginning), written RESCORE_WRITES_AT_ONCE at a time. Answers how many it read and
 * changed, and where the shard goes on (null: the shard is done).
 */
export async function rescoreLeadsPage(p: { shard: number; start: Item | null; asOfDay: string; runId: string; limit: number }) {
  const page = await ddb.send(new QueryCommand({
    TableName: TABLE, IndexName: 'GSI1', Limit: p.limit, ExclusiveStartKey: p.start ?? undefined,
    KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': keys.leadShards[p.shard] },
  }));
  const items = page.Items ?? [];
  let changed = 0;
  for (let i = 0; i < items.length; i += RESCORE_WRITES_AT_ONCE) {
    const done = await Promise.all(items.slice(i, i + RESCORE_WRITES_AT_ONCE).map((item) => rescoreOne(item, p.asOfDay, p.runId)));
    changed += done.filter(Boolean).length;
  }
  return { scanned: items.length, changed, next: (page.LastEvaluatedKey as Item | undefined) ?? null };
}

/** AP: what marketing holds of a member, for the export (the lead and its activity markers). */
export const leadPartitionItems = (userId: string) => partitionItems(keys.leadPartition(userId));

/**
 * AP: delete a member's lead, taking it out of every total in the same transaction, then its activity markers
 * (a repeat finds nothing).
 */
export async function deleteLead(userId: string, at: string): Promise<void> {
  await mutateLead(userId, at, { apply: (before) => (before ? null : 'same') });
  await deleteKeys((await leadPartitionItems(userId)).map(keyOf));
}
