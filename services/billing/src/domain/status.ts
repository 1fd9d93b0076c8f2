import type { z } from 'zod';
import { activeTier } from '@torcedor/shared/entitlement';
import type { SubscriptionStatus } from '@torcedor/shared/schemas/billing';

/** What billing stores per member: the plan and until when it runs. */
export interface Subscription {
  plan: 'free' | 'trial' | 'premium';
  /** End of the paid period (premium) or of the trial; null for free. */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
}
export const FREE: Subscription = { plan: 'free', currentPeriodEnd: null, cancelAtPeriodEnd: false };

/** The status the page shows. A plan past its end is free again. */
export function toStatus(s: Subscription, now: Date): z.infer<typeof SubscriptionStatus> {
  const plan = activeTier({ tier: s.plan, until: s.currentPeriodEnd }, now);
  const active = plan !== 'free';
  const premium = plan === 'premium';
  const unlimited = plan !== 'free';
  return {
    isPremium: premium,
    plan,
    renewalDate: active && premium && !s.cancelAtPeriodEnd ? s.currentPeriodEnd : null,
    cancelAtPeriodEnd: active && s.cancelAtPeriodEnd,
    features: { unlimitedHumidor: unlimited, unlimitedRecommendations: unlimited, prioritySupport: premium, advancedAnalytics: premium },
  };
}
