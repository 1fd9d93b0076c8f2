import type { z } from 'zod';
import { activeTier } from '@torcedor/shared/entitlement';
import type { SubscriptionStatus } from '@torcedor/shared/schemas/billing';
import type { BillingState } from './types.ts';

/** A plan's end as the member reads it: 'December 23, 2026' (UTC, as the page shows dates). */
export const dayText = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * The status the page shows. A plan past its end is free again; a trial grants everything premium gives
 * (docs/product.md, "Premium"), but only a paid plan is `isPremium`.
 */
export function toStatus(s: Pick<BillingState, 'plan' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'>, now: Date): Omit<z.infer<typeof SubscriptionStatus>, 'paymentsAvailable'> {
  const plan = activeTier({ tier: s.plan, until: s.currentPeriodEnd }, now);
  const benefits = plan !== 'free';
  const premium = plan === 'premium';
  const renews = premium && !s.cancelAtPeriodEnd;
  return {
    isPremium: premium,
    plan,
    renewalDate: renews ? s.currentPeriodEnd : null,
    cancelAtPeriodEnd: premium && s.cancelAtPeriodEnd,
    endsAt: benefits && !renews ? s.currentPeriodEnd : null,
    features: { unlimitedHumidor: benefits, unlimitedRecommendations: benefits, prioritySupport: benefits, advancedAnalytics: benefits },
  };
}
