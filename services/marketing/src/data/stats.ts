import { randomInt } from 'node:crypto';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';
import { queryAll, type Item } from '@torcedor/service-kit/items';
import { transact, type TransactPart } from '@torcedor/service-kit/transactions';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { reserveBudgets, type Budget } from '@torcedor/service-kit/budgets';
import { DAY_MS, VISIT_LIMITS } from '@torcedor/shared/constants';
import { utcDay } from '../domain/scoring.ts';
import { keys } from './keys.ts';
import { sumBy } from './shards.ts';

/** A part adding `n` to a counter of an item (and setting plain fields beside it). */
export function addPart(key: { PK: string; SK: string }, field: string, n: number, set: Record<string, unknown> = {}): TransactPart {
  const names = Object.keys(set);
  return {
    Update: {
      TableName: TABLE, Key: key,
      UpdateExpression: `ADD #c :n${names.length ? ` SET ${names.map((_, i) => `#s${i} = :s${i}`).join(', ')}` : ''}`,
      ExpressionAttributeNames: { '#c': field, ...Object.fromEntries(names.map((k, i) => [`#s${i}`, k])) },
      ExpressionAttributeValues: { ':n': n, ...Object.fromEntries(names.map((k, i) => [`:s${i}`, set[k]])) },
    },
  };
}

/**
 * The day's activity flow of one kind (posts, reviews, humidorAdds, rsvps), part of the activity's own write, on the
 * day's shard of the member who did it.
 */
export const dayActivityPart = (at: string, field: 'posts' | 'reviews' | 'humidorAdds' | 'rsvps', userId: string) =>
  addPart(keys.day(utcDay(at), keys.statsShardOf(userId)), field, 1, { date: utcDay(at) });

/**
 * AP: one visit of the day from `address` (and, for a campaign's visit, from that address to that campaign), reserved on
 * the kit's fixed-window budgets before it is counted: 0, or the seconds until the day ends when a budget is spent.
 */
export function reserveVisit(address: string, campaignId: string | null, nowSeconds: number): Promise<number> {
  const budgets: Budget[] = [
    { kind: 'VISIT', id: address, limit: VISIT_LIMITS.perAddressPerDay },
    ...(campaignId ? [{ kind: 'VISITCAMPAIGN', id: `${campaignId}#${address}`, limit: VISIT_LIMITS.perCampaignAndAddressPerDay }] : []),
  ];
  return reserveBudgets(budgets, DAY_MS / 1000, nowSeconds);
}

/**
 * AP: count a landing-page visit on its day (on a shard at random: a visitor has no id), and on its campaign when it
 * came through one of ours.
 */
export async function recordVisit(at: string, campaignId: string | null): Promise<void> {
  const day = utcDay(at);
  const shard = randomInt(keys.statsShards.length);
  if (!campaignId) {
    await ddb.send(new UpdateCommand({
      TableName: TABLE, Key: keys.day(day, shard), UpdateExpression: 'ADD visits :one SET #d = :d',
      ExpressionAttributeNames: { '#d': 'date' }, ExpressionAttributeValues: { ':one': 1, ':d': day },
    }));
    return;
  }
  await transact({
    day: addPart(keys.day(day, shard), 'visits', 1, { date: day }),
    campaign: addPart(keys.campaign(campaignId), 'visits', 1),
    campaignDay: addPart(keys.campaignDay(campaignId, day), 'visits', 1, { date: day }),
  });
}

/** Every shard's items of a range of the counters' sort keys, read in parallel. */
const everyShard = (condition: string, values: Record<string, string>): Promise<Item[]> =>
  Promise.all(keys.statsShards.map((n) => queryAll({
    KeyConditionExpression: `PK = :pk AND ${condition}`, ExpressionAttributeValues: { ':pk': keys.statsPartition(n), ...values },
  }))).then((pages) => pages.flat());

/** AP: the days from `fromDay` on (their flows, each day summed over its shards), oldest first. */
export async function readDays(fromDay: string): Promise<Item[]> {
  const items = await everyShard('SK BETWEEN :from AND :to', { ':from': `${keys.dayPrefix}${fromDay}`, ':to': `${keys.dayPrefix}~` });
  return [...sumBy(items, 'SK', ['PK', 'date']).values()]
    .map(({ SK, ...flows }) => ({ ...flows, date: String(SK).slice(keys.dayPrefix.length) }))
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** AP: leads by source, each summed over its shards (sources with no lead left out). */
export async function readSources(): Promise<{ source: string; leads: number }[]> {
  const items = await everyShard('begins_with(SK, :p)', { ':p': keys.sourcePrefix });
  return [...sumBy(items, 'SK', ['PK', 'source']).values()]
    .map((i) => ({ source: String(i.SK).slice(keys.sourcePrefix.length), leads: Number(i.leads ?? 0) }))
    .filter((s) => s.leads > 0).sort((a, b) => b.leads - a.leads || a.source.localeCompare(b.source));
}

/** A review's part of its day's tally by cigar (written with the review's activity). */
export function reviewTallyPart(at: string, r: { cigarId: string; brandName: string; cigarName: string; overallScore: number }): TransactPart {
  return {
    Update: {
      TableName: TABLE, Key: keys.reviewsOfDay(utcDay(at), r.cigarId),
      UpdateExpression: 'ADD reviews :one, scoreSum :s SET brandName = :b, cigarName = :c, cigarId = :id',
      ExpressionAttributeValues: { ':one': 1, ':s': r.overallScore, ':b': r.brandName, ':c': r.cigarName, ':id': r.cigarId },
    },
  };
}

/** AP: the reviews of these days by cigar, summed. */
export async function reviewsOfDays(days: string[]): Promise<{ cigarId: string; brandName: string; cigarName: string; reviews: number; averageOverall: number }[]> {
  const pages = await Promise.all(days.map((d) => queryAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.reviewsOfDayPartition(d) } })));
  const byCigar = new Map<string, { cigarId: string; brandName: string; cigarName: string; reviews: number; sum: number }>();
  for (const i of pages.flat()) {
    const id = String(i.cigarId);
    const e = byCigar.get(id) ?? { cigarId: id, brandName: String(i.brandName), cigarName: String(i.cigarName), reviews: 0, sum: 0 };
    e.reviews += Number(i.reviews ?? 0);
    e.sum += Number(i.scoreSum ?? 0);
    byCigar.set(id, e);
  }
  return [...byCigar.values()]
    .map(({ sum, ...e }) => ({ ...e, averageOverall: e.reviews ? Math.round((sum / e.reviews) * 10) / 10 : 0 }))
    .sort((a, b) => b.reviews - a.reviews || b.averageOverall - a.averageOverall);
}
