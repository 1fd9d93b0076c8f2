import { randomInt } from 'node:crypto';
import { reserveBudgets, type Budget } from '@torcedor/service-kit/budgets';
import { write } from '@torcedor/service-kit/entity';
import { queryAll, type Item } from '@torcedor/service-kit/items';
import { transact, type TransactPart } from '@torcedor/service-kit/transactions';
import { DAY_MS, VISIT_LIMITS } from '@torcedor/shared/constants';
import { utcDay } from '../domain/scoring.ts';
import { addPart } from './counters.ts';
import { campaignDayCounters, campaigns, cigarReviews, dayCounters } from './entities.ts';
import { keys } from './keys.ts';
import { sumBy } from './shards.ts';

/**
 * The day's activity flow of one kind (posts, reviews, humidorAdds, rsvps), part of the activity's own write, on the
 * day's shard of the member who did it.
 */
export const dayActivityPart = (at: string, field: 'posts' | 'reviews' | 'humidorAdds' | 'rsvps', userId: string) =>
  addPart(dayCounters.key({ date: utcDay(at), shard: keys.statsShardOf(userId) }), { [field]: 1 }, { date: utcDay(at) });

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
  const date = utcDay(at);
  const day = addPart(dayCounters.key({ date, shard: randomInt(keys.statsShards.length) }), { visits: 1 }, { date });
  if (!campaignId) {
    await write(day!);
    return;
  }
  await transact({
    day,
    campaign: addPart(campaigns.key(campaignId), { visits: 1 }),
    campaignDay: addPart(campaignDayCounters.key({ id: campaignId, date }), { visits: 1 }, { date }),
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
export function reviewTallyPart(at: string, r: { cigarId: string; brandName: string; cigarName: string; overallScore: number }): TransactPart | undefined {
  return addPart(cigarReviews.key({ date: utcDay(at), cigarId: r.cigarId }), { reviews: 1, scoreSum: r.overallScore }, {
    brandName: r.brandName, cigarName: r.cigarName, cigarId: r.cigarId,
  });
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
