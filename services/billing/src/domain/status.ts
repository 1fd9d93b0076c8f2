import type { z } from 'zod';
import { activeTier } from '@torcedor/shared/entitlement';
import type { SubscriptionStatus } from '@torcedor/shared/schemas/billing';
import type { BillingState } from './plan.ts';

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
