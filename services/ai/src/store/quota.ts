import { AI_ABUSE_LIMITS, DAY_MS } from '@torcedor/shared/constants';
import { TABLE, type Key } from '@torcedor/service-kit/ddb';
import { transact, type TransactPart } from '@torcedor/service-kit/transactions';
import type { Refused, Reservation } from '../domain/usage.ts';
import { dayCounters, hourCounters, usage } from './entities.ts';

const expiresIn = (ms: number) => Math.floor((Date.now() + ms) / 1000);

/**
 * A counter's change by one, as a transaction part: `ADD count` (an atomic counter, which entity().update's SET cannot
 * say), its ttl set once; an increase under a limit is conditional on the count being below it.
 */
function add(key: Key, by: 1 | -1, limit: number | null, ttlMs: number): TransactPart {
  return {
    Update: {
      TableName: TABLE, Key: key,
      UpdateExpression: 'ADD #c :by SET #t = if_not_exists(#t, :ttl)',
      ...(limit !== null && by === 1 ? { ConditionExpression: 'attribute_not_exists(#c) OR #c < :limit' } : {}),
      ExpressionAttributeNames: { '#c': 'count', '#t': 'ttl' },
      ExpressionAttributeValues: { ':by': by, ':ttl': expiresIn(ttlMs), ...(limit !== null && by === 1 ? { ':limit': limit } : {}) },
    },
  };
}

/** The three counters a reservation changes: the day's quota (recommendations only), the hour's and the day's abuse counters. */
function counters(r: Reservation, by: 1 | -1, quotaLimit: number | null) {
  const limited = (limit: number | null) => (by === 1 ? limit : null);
  return {
    quota: r.quota ? add(usage.key(r), by, limited(quotaLimit), 2 * DAY_MS) : undefined,
    hour: add(hourCounters.key(r), by, limited(AI_ABUSE_LIMITS.perHour), 2 * 3_600_000),
    day: add(dayCounters.key(r), by, limited(AI_ABUSE_LIMITS.perDay), 2 * DAY_MS),
  };
}

/**
 * AP: reserve one answer before the provider is asked, in one transaction, so limits stay exact under any
 * concurrency: the day's quota (recommendations; a condition on the free limit, counted for everyone so the page
 * shows it), the hour's and the day's abuse counters. A refusal names the limit that refused it.
 */
export async function reserveAnswer(r: Reservation, quotaLimit: number | null): Promise<{ ok: true } | { ok: false; reason: Refused }> {
  const out = await transact(counters(r, 1, quotaLimit));
  if (out.ok) return { ok: true };
  return { ok: false, reason: out.failed.includes('quota') ? 'quota' : 'rate' };
}

/** AP: give a reservation back (the provider failed: the member keeps their answer). */
export async function refundAnswer(r: Reservation): Promise<void> {
  await transact(counters(r, -1, null));
}
