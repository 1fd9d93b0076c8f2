/**
 * Billing's types (../../README.md lists the entities): the member's billing state as billing keeps it, and what the
 * payment provider says of a subscription (providers/provider.ts implements the provider behind them).
 */

/** The member's billing state: what the provider says of the subscription, the trial, and the plan derived from them. */
export type BillingState = {
  plan: 'free' | 'trial' | 'premium';
  /** Until when the plan runs: the paid period's end (premium) or the trial's (trial); null for free. */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  trialEndsAt: string | null;
  subscriptionId: string | null;
  /** The provider's status of that subscription (Stripe's: incomplete, active, past_due, canceled, ...). */
  providerStatus: string | null;
};

/** What billing keeps per member: the provider's view of the subscription, the trial, and the plan derived from both. */
export type StoredSubscription = BillingState & {
  /** Grows with every change; EntitlementChanged carries it, so consumers keep the newest. */
  version: number;
  customerId: string | null;
  /** How many subscriptions were started (names each start's idempotency key, so a retry reuses the same one). */
  subscriptionSeq: number;
};

/** A next state to store: `subscriptionSeq` when it records a new start. */
export type NextState = BillingState & { subscriptionSeq?: number };

/** The subscription item as stored: the state and its member. */
export type SubscriptionItem = StoredSubscription & { userId: string };

/** Which member a provider subscription belongs to (webhooks name the subscription, not the member). */
export type SubscriptionRefItem = { userId: string };

/** A processed webhook event, kept WEBHOOK_EVENT_TTL_DAYS so a redelivery changes nothing. */
export type WebhookEventItem = { userId: string | null; processedAt: string; ttl: number };

/** A subscription as the provider holds it now; billing derives the member's plan from it alone. */
export type ProviderSubscription = {
  id: string;
  customerId: string;
  /** The member it was created for (kept in the provider's metadata). */
  userId: string | null;
  /** Stripe's statuses: incomplete, incomplete_expired, trialing, active, past_due, canceled, unpaid, paused. */
  status: string;
  /** End of the current paid period (ISO); null until the first payment (Stripe gives an unpaid subscription a period anyway). */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** The client secret of the payment still to confirm: present only while the latest invoice is unpaid. */
  clientSecret: string | null;
};

/** A verified webhook event, reduced to what billing acts on. */
export type ProviderEvent = {
  id: string;
  type: string;
  /** The subscription the event is about (from the subscription itself, or an invoice's), or null for others. */
  subscriptionId: string | null;
};

/** The local provider's own record of a subscription (kept in billing's table, as Stripe keeps its own). */
export type LocalSubscription = {
  id: string;
  customerId: string;
  userId: string;
  status: string;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  clientSecret: string;
  createdAt: string;
};
