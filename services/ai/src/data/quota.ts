import { AI_ABUSE_LIMITS, DAY_MS } from '@torcedor/shared/constants';
import { memberPK, TABLE } from '@torcedor/service-kit/ddb';
import { transact, type TransactPart } from '@torcedor/service-kit/transactions';
import { keys } from './usage.ts';

/** Counters of answers per rolling clock hour and per UTC day (the abuse limits), next to the daily quota. */
export const rateKeys = {
  hour: (userId: string, hour: string) => ({ PK: memberPK(userId), SK: `RATE#HOUR#${hour}` }),
  day: (userId: string, day: string) => ({ PK: memberPK(userId), SK: `RATE#DAY#${day}` }),
};

export interface Reservation {
  userId: string;
  day: string;
  hour: string;
  /** The answer counts against the daily quota of recommendations. */
  quota: boolean;
}

const expiresIn = (ms: number) => Math.floor((Date.now() + ms) / 1000);

function add(key: { PK: string; SK: string }, by: 1 | -1, limit: number | null, ttlMs: number): TransactPart {
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

/**
 * AP: reserve one answer before the provider is asked, in one transaction, so limits stay exact under any
 * concurrency: the day's quota (recommendations; a condition on the free limit, counted for everyone so the page
 * shows it), the hour's and the day's abuse counters. `quota` or `rate` names the limit that refused it.
 */
export async function reserveAnswer(r: Reservation, quotaLimit: number | null): Promise<'ok' | 'quota' | 'rate'> {
  const out = await transact({
    quota: r.quota ? add(keys.usage(r.userId, r.day), 1, quotaLimit, 2 * DAY_MS) : undefined,
    hour: add(rateKeys.hour(r.userId, r.hour), 1, AI_ABUSE_LIMITS.perHour, 2 * 3_600_000),
    day: add(rateKeys.day(r.userId, r.day), 1, AI_ABUSE_LIMITS.perDay, 2 * DAY_MS),
  });
  if (out.ok) return 'ok';
  return out.failed.includes('quota') ? 'quota' : 'rate';
}

/** AP: give a reservation back (the provider failed: the member keeps their answer). */
export async function refundAnswer(r: Reservation): Promise<void> {
  await transact({
    quota: r.quota ? add(keys.usage(r.userId, r.day), -1, null, 2 * DAY_MS) : undefined,
    hour: add(rateKeys.hour(r.userId, r.hour), -1, null, 2 * 3_600_000),
    day: add(rateKeys.day(r.userId, r.day), -1, null, 2 * DAY_MS),
  });
}
