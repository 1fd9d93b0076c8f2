import { AI_ABUSE_LIMITS, DAY_MS, FREE_AI_DAILY_LIMIT } from '@torcedor/shared/constants';
import { isUnlimited } from '@torcedor/shared/entitlement';
import type { Entitlement } from '@torcedor/shared/schemas/identity';
import { tooManyRequests, type DomainError } from '@torcedor/service-kit/errors';

/** Usage days are UTC calendar days. */
export const usageDay = (now: Date) => now.toISOString().slice(0, 10);
/** When the day's quota starts again: the next UTC midnight. */
export const nextReset = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY_MS);

/** The member's daily limit: null means unlimited. */
export const dailyLimit = (e: Entitlement | null, now: Date): number | null => (isUnlimited(e, now) ? null : FREE_AI_DAILY_LIMIT);

/** The usage the page shows: used today, the limit (null: unlimited) and when it resets. */
export const usageView = (used: number, limit: number | null, now: Date) => ({ used, limit, resetsAt: nextReset(now).toISOString() });

/** One answer reserved before the provider is asked (store/quota.ts keeps the counters). */
export interface Reservation {
  userId: string;
  day: string;
  hour: string;
  /** The answer counts against the daily quota of recommendations. */
  quota: boolean;
}

/** Which limit refused a reservation: the free daily quota, or the abuse limits (per hour, per day). */
export type Refused = 'quota' | 'rate';

/**
 * The reservation of one answer at `now`: a recommendation counts against the daily quota, unless it is refused (a
 * refusal is no answer: it spends none of the member's free answers); every answer, refusals too, against the abuse
 * limits.
 */
export const reservationOf = (userId: string, kind: 'conversation' | 'recommendations', now: Date, refused = false): Reservation =>
  ({ userId, day: usageDay(now), hour: now.toISOString().slice(0, 13), quota: kind === 'recommendations' && !refused });

/** The spec's daily-limit message (docs/product.md, "Messages"). */
export const DAILY_LIMIT_MESSAGE = `Free users are limited to ${FREE_AI_DAILY_LIMIT} AI recommendations per day. Upgrade to Premium for unlimited access!`;
const RATE_MESSAGE = `You have asked VitolAI a lot in a short time (at most ${AI_ABUSE_LIMITS.perHour} answers an hour and ${AI_ABUSE_LIMITS.perDay} a day). Please try again later.`;

const secondsUntil = (d: Date, now: Date) => Math.max(1, Math.ceil((d.getTime() - now.getTime()) / 1000));
const nextHour = (now: Date) => new Date(Math.ceil((now.getTime() + 1) / 3_600_000) * 3_600_000);

/** The 429 for a refused reservation, with Retry-After: the next UTC midnight (quota) or the next clock hour (rate). */
export function limitRefusal(reason: Refused, now: Date): DomainError {
  return reason === 'quota'
    ? tooManyRequests(DAILY_LIMIT_MESSAGE, 'AI_DAILY_LIMIT', secondsUntil(nextReset(now), now))
    : tooManyRequests(RATE_MESSAGE, 'RATE_LIMITED', secondsUntil(nextHour(now), now));
}

/** A counter item of the quota and the abuse limits (store/quota.ts adds to it), expiring after its window. */
export type CounterItem = { count: number; ttl: number };
