import type { BillingState, ProviderSubscription } from './types.ts';

/**
 * Stripe statuses in which the member has paid for the current period: `past_due` keeps premium while Stripe retries
 * the renewal (its dunning ends in `canceled` or `unpaid`, which end it).
 */
const PAID_STATUSES = new Set(['active', 'trialing', 'past_due']);

/** A subscription that still awaits its first payment: the page may resume it with the same client secret. */
export const isAwaitingPayment = (status: string | null) => status === 'incomplete';

/**
 * The plan, decided once from the provider's current view and the trial (docs/decisions.md, "Billing"): a paid
 * subscription gives premium until its period ends; otherwise a trial that still runs gives trial; else free.
 * Deriving from the current state, never from event order, makes any order and any repetition of webhooks land
 * on the same plan.
 */
export function derivePlan(s: Omit<BillingState, 'plan' | 'currentPeriodEnd'> & { periodEnd: string | null }, now: Date): Pick<BillingState, 'plan' | 'currentPeriodEnd'> {
  if (s.providerStatus && PAID_STATUSES.has(s.providerStatus) && s.periodEnd && Date.parse(s.periodEnd) > now.getTime()) {
    return { plan: 'premium', currentPeriodEnd: s.periodEnd };
  }
  if (s.trialEndsAt && Date.parse(s.trialEndsAt) > now.getTime()) return { plan: 'trial', currentPeriodEnd: s.trialEndsAt };
  return { plan: 'free', currentPeriodEnd: null };
}

/** The next state once the provider reports `sub` (the member's subscription now). */
export function withProviderSubscription(prev: BillingState, sub: ProviderSubscription, now: Date): BillingState {
  const base = {
    trialEndsAt: prev.trialEndsAt, subscriptionId: sub.id, providerStatus: sub.status, cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
  };
  return { ...base, ...derivePlan({ ...base, periodEnd: sub.currentPeriodEnd }, now) };
}

/** The next state once a trial until `until` is granted (kept when a paid plan runs). */
export function withTrial(prev: BillingState, until: string, now: Date): BillingState {
  const trialEndsAt = prev.trialEndsAt ?? until;
  if (prev.plan === 'premium' && prev.currentPeriodEnd && Date.parse(prev.currentPeriodEnd) > now.getTime()) return { ...prev, trialEndsAt };
  return { ...prev, trialEndsAt, ...derivePlan({ ...prev, trialEndsAt, periodEnd: null }, now) };
}

/** Did anything billing keeps change? */
export const sameState = (a: BillingState, b: BillingState) =>
  a.plan === b.plan && a.currentPeriodEnd === b.currentPeriodEnd && a.cancelAtPeriodEnd === b.cancelAtPeriodEnd
  && a.trialEndsAt === b.trialEndsAt && a.subscriptionId === b.subscriptionId && a.providerStatus === b.providerStatus;

/** Did the entitlement (what other services enforce) change? */
export const sameEntitlement = (a: BillingState, b: BillingState) => a.plan === b.plan && a.currentPeriodEnd === b.currentPeriodEnd;

/** The provider's view applies when it is about the member's current subscription, or is a paid one replacing it. */
export function adopt(prev: BillingState, sub: ProviderSubscription, now: Date): BillingState | null {
  const next = withProviderSubscription(prev, sub, now);
  if (sub.id === prev.subscriptionId || !prev.subscriptionId) return next;
  return next.plan === 'premium' ? next : null;
}
