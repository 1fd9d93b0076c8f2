import type { Entitlement } from './schemas/identity.ts';

type Plan = Pick<Entitlement, 'tier' | 'until'>;

/**
 * "Is this plan active", once for every service and the page: a trial or premium plan is active until its
 * end date; past it (or with no end date at all, which no publisher sends) it is free again, whether or not
 * the event announcing the change has arrived yet.
 */
export function activeTier(e: Plan | null | undefined, now: Date): Entitlement['tier'] {
  if (!e || e.tier === 'free' || e.until === null) return 'free';
  return new Date(e.until).getTime() > now.getTime() ? e.tier : 'free';
}

/** Premium and a running trial lift the free-tier limits (humidor cap, AI daily answers). */
export const isUnlimited = (e: Plan | null | undefined, now: Date): boolean => activeTier(e, now) !== 'free';

/** A paid premium plan that is still running. */
export const isPremium = (e: Plan | null | undefined, now: Date): boolean => activeTier(e, now) === 'premium';

/**
 * Everything the premium plan gives beyond the limits (advanced analytics, exclusive content, the member badge,
 * priority support, hosting, priority event access): a paid plan, or a running trial, which grants the same.
 */
export const hasPremiumBenefits = (e: Plan | null | undefined, now: Date): boolean => activeTier(e, now) !== 'free';
