import { describe, expect, it } from 'vitest';
import { adopt, derivePlan, withTrial } from '../src/domain/plan.ts';
import { toStatus } from '../src/domain/status.ts';
import type { BillingState, ProviderSubscription } from '../src/domain/types.ts';

/** billing's plan rule and status view (domain/), without DynamoDB or a provider. */
const now = new Date('2026-03-01T00:00:00Z');
const later = '2026-03-31T00:00:00Z';
const earlier = '2026-02-01T00:00:00Z';
const free: BillingState = { plan: 'free', currentPeriodEnd: null, cancelAtPeriodEnd: false, trialEndsAt: null, subscriptionId: null, providerStatus: null };
const sub = (over: Partial<ProviderSubscription> = {}): ProviderSubscription =>
  ({ id: 'sub_1', customerId: 'cus_1', userId: 'u1', status: 'active', currentPeriodEnd: later, cancelAtPeriodEnd: false, clientSecret: null, ...over });

describe('the plan rule', () => {
  it('a paid subscription gives premium until its period ends; else a running trial; else free', () => {
    const base = { cancelAtPeriodEnd: false, subscriptionId: 's', trialEndsAt: null };
    expect(derivePlan({ ...base, providerStatus: 'past_due', periodEnd: later }, now)).toEqual({ plan: 'premium', currentPeriodEnd: later });
    expect(derivePlan({ ...base, providerStatus: 'active', periodEnd: earlier }, now)).toEqual({ plan: 'free', currentPeriodEnd: null });
    expect(derivePlan({ ...base, providerStatus: 'canceled', periodEnd: later, trialEndsAt: later }, now)).toEqual({ plan: 'trial', currentPeriodEnd: later });
  });

  it("adopts the provider's view of the current subscription, and another one only when it is paid", () => {
    const current = { ...free, subscriptionId: 'sub_1', providerStatus: 'incomplete' };
    expect(adopt(current, sub(), now)).toMatchObject({ plan: 'premium', subscriptionId: 'sub_1' });
    expect(adopt(current, sub({ id: 'sub_2', status: 'incomplete', currentPeriodEnd: null }), now)).toBeNull();
  });

  it('a trial is granted once and never shortens a paid plan', () => {
    const trial = withTrial(free, later, now);
    expect(trial).toMatchObject({ plan: 'trial', trialEndsAt: later, currentPeriodEnd: later });
    const premium = { ...free, plan: 'premium' as const, currentPeriodEnd: later, providerStatus: 'active' };
    expect(withTrial(premium, '2026-03-08T00:00:00Z', now)).toMatchObject({ plan: 'premium', currentPeriodEnd: later });
  });

  it('the page sees a plan past its end as free, and a cancelled paid plan as ending', () => {
    expect(toStatus({ plan: 'premium', currentPeriodEnd: earlier, cancelAtPeriodEnd: false }, now)).toMatchObject({ plan: 'free', isPremium: false });
    expect(toStatus({ plan: 'premium', currentPeriodEnd: later, cancelAtPeriodEnd: true }, now))
      .toMatchObject({ isPremium: true, renewalDate: null, endsAt: later, cancelAtPeriodEnd: true });
  });
});
