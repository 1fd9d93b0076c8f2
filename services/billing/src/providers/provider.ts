/**
 * The payment provider behind billing (docs/decisions.md, "Billing"): Stripe through the `stripe` package when a
 * secret key is configured, the local provider otherwise. Billing's handlers only ever talk to this interface; the
 * subscription and event it answers are domain types (domain/types.ts).
 */
import type { ProviderEvent, ProviderSubscription } from '../domain/types.ts';

export type { ProviderEvent, ProviderSubscription };

export interface PaymentProvider {
  readonly kind: 'stripe' | 'local';
  /** The key the page's payment form needs (Stripe's publishable key), or null for the local form. */
  readonly publishableKey: string | null;
  /** Creates the member's customer, once: a repeat with the same member gives the same customer. */
  createCustomer(userId: string): Promise<string>;
  /**
   * An incomplete $9.99/month subscription for the customer, awaiting its first payment (`clientSecret`).
   * `idempotencyKey` makes a retried call return the first subscription instead of a second one.
   */
  createSubscription(input: { customerId: string; userId: string; idempotencyKey: string }): Promise<ProviderSubscription>;
  /** The subscription's current state, or null when the provider does not know it. */
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  /** Stops renewal: the paid period still runs to its end. */
  cancelAtPeriodEnd(id: string): Promise<ProviderSubscription>;
  /** Ends the subscription now (account deletion). An already canceled or unknown subscription is not an error. */
  cancelNow(id: string): Promise<void>;
  /**
   * Verifies a webhook's signature on the raw body (300 s tolerance) and returns the event, or throws
   * `badSignature()` (services/billing/src/providers/errors.ts) when the signature, timestamp or body does not verify.
   */
  verifyWebhook(rawBody: string, signature: string | undefined): Promise<ProviderEvent>;
}

/** A Stripe-format event, as both providers receive it after verification. */
export interface StripeFormatEvent {
  id: string;
  type: string;
  data: { object: Record<string, unknown> };
}

const idOf = (v: unknown): string | null => (typeof v === 'string' ? v : v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string' ? (v as { id: string }).id : null);

/**
 * The subscription a Stripe-format event is about: the subscription itself (customer.subscription.*), or an
 * invoice's (invoice.*: `parent.subscription_details.subscription` in current API versions, `subscription` before).
 */
export function subscriptionIdOf(event: StripeFormatEvent): string | null {
  const o = event.data.object;
  if (event.type.startsWith('customer.subscription.')) return idOf(o.id);
  if (event.type.startsWith('invoice.')) {
    const parent = o.parent as { subscription_details?: { subscription?: unknown } } | undefined;
    return idOf(parent?.subscription_details?.subscription) ?? idOf(o.subscription);
  }
  return null;
}
