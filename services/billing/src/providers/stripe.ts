import type Stripe from 'stripe';
import type { StripeSettings } from '../config.ts';
import { dependencyUnavailable } from '@torcedor/service-kit/errors';
import { WEBHOOK_TOLERANCE_SECONDS } from '@torcedor/shared/constants';
import { badSignature } from './errors.ts';
import type { PaymentProvider, ProviderEvent, ProviderSubscription } from './provider.ts';

/**
 * The Stripe payment provider (docs/decisions.md, "Billing"). `stripe` ships as a Lambda layer, so this module
 * never imports it at run time: the caller imports it dynamically and passes its default export in.
 */

/**
 * Client options, in the spirit of the kit's fail-fast deadlines (docs/decisions.md, "Fail fast"): a call is tried
 * at most twice, each answer awaited at most 3 s, so a Stripe that hangs costs a request about 6 s, within
 * the function's 10 s limit (FUNCTION_TIMEOUT_SECONDS).
 */
const MAX_NETWORK_RETRIES = 1;
const TIMEOUT_MS = 3000;
/** What every subscription answer expands: the first invoice's client secret lives there. */
const EXPAND = ['latest_invoice.confirmation_secret'];


interface StripeErrorLike {
  type?: string;
  code?: string;
  statusCode?: number;
}

const isStripeError = (err: unknown): err is StripeErrorLike =>
  typeof err === 'object' && err !== null && typeof (err as StripeErrorLike).type === 'string' && (err as StripeErrorLike).type!.startsWith('Stripe');

const isMissing = (err: unknown) => isStripeError(err) && (err.code === 'resource_missing' || err.statusCode === 404);

/** Stripe's failures that are Stripe's (connection, timeout, 5xx, rate limit) become the dependency error. */
function providerError(err: unknown): unknown {
  if (!isStripeError(err)) return err;
  const unavailable =
    err.type === 'StripeConnectionError' || err.type === 'StripeRateLimitError' || err.type === 'StripeAPIError' || (err.statusCode ?? 0) >= 500;
  return unavailable ? dependencyUnavailable('Stripe', err) : err;
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (err) {
    throw providerError(err);
  }
}

/** Host, port and protocol of another API base URL (tests point the client at a local fake). */
function endpoint(apiUrl: string | undefined): Pick<NonNullable<ConstructorParameters<typeof Stripe>[1]>, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

const iso = (unixSeconds: number | null | undefined) => (typeof unixSeconds === 'number' ? new Date(unixSeconds * 1000).toISOString() : null);

const idOf = (ref: unknown): string | null => {
  if (typeof ref === 'string') return ref;
  if (ref && typeof ref === 'object' && typeof (ref as { id?: unknown }).id === 'string') return (ref as { id: string }).id;
  return null;
};

/** Before its first payment a subscription has no paid period, though Stripe already gives its items one. */
const UNPAID_STATUSES = new Set(['incomplete', 'incomplete_expired']);

/** A Stripe subscription (its latest invoice expanded with its confirmation secret, or not) as billing sees it. */
export function toProviderSubscription(sub: Stripe.Subscription): ProviderSubscription {
  const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
  // An open invoice still awaits its payment; a paid or void one has nothing left to confirm.
  const clientSecret = invoice?.status === 'open' ? (invoice.confirmation_secret?.client_secret ?? null) : null;
  const periodEnd = sub.items.data[0]?.current_period_end;
  return {
    id: sub.id,
    customerId: idOf(sub.customer) ?? '',
    userId: sub.metadata?.userId ?? null,
    status: sub.status,
    currentPeriodEnd: UNPAID_STATUSES.has(sub.status) ? null : iso(periodEnd),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    clientSecret,
  };
}

/** The subscription an event is about: the subscription itself, or an invoice's; null for other events. */
function subscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data?.object as unknown as Record<string, unknown> | undefined;
  if (!object) return null;
  if (event.type.startsWith('customer.subscription.')) return idOf(object);
  if (event.type.startsWith('invoice.')) {
    const parent = object.parent as { subscription_details?: { subscription?: unknown } | null } | null | undefined;
    return idOf(parent?.subscription_details?.subscription) ?? idOf(object.subscription);
  }
  return null;
}

export function createStripeProvider(settings: StripeSettings, StripeCtor: typeof Stripe): PaymentProvider {
  const stripe = new StripeCtor(settings.secretKey, {
    maxNetworkRetries: MAX_NETWORK_RETRIES,
    timeout: TIMEOUT_MS,
    ...endpoint(settings.apiUrl),
  });

  return {
    kind: 'stripe',
    publishableKey: settings.publishableKey,

    async createCustomer(userId) {
      const customer = await call(() => stripe.customers.create({ metadata: { userId } }, { idempotencyKey: `customer-${userId}` }));
      return customer.id;
    },

    async createSubscription({ customerId, userId, idempotencyKey }) {
      const sub = await call(() =>
        stripe.subscriptions.create(
          {
            customer: customerId,
            items: [{ price: settings.priceId }],
            payment_behavior: 'default_incomplete',
            payment_settings: { save_default_payment_method: 'on_subscription' },
            metadata: { userId },
            expand: EXPAND,
          },
          { idempotencyKey },
        ),
      );
      return toProviderSubscription(sub);
    },

    async retrieveSubscription(id) {
      try {
        return toProviderSubscription(await stripe.subscriptions.retrieve(id, { expand: EXPAND }));
      } catch (err) {
        if (isMissing(err)) return null;
        throw providerError(err);
      }
    },

    async cancelAtPeriodEnd(id) {
      return toProviderSubscription(await call(() => stripe.subscriptions.update(id, { cancel_at_period_end: true, expand: EXPAND })));
    },

    async cancelNow(id) {
      try {
        await stripe.subscriptions.cancel(id);
      } catch (err) {
        // Stripe answers "No such subscription" (404 resource_missing) for an already canceled one too.
        if (isMissing(err)) return;
        throw providerError(err);
      }
    },

    async verifyWebhook(rawBody, signature): Promise<ProviderEvent> {
      if (!signature) throw badSignature();
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature, settings.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch {
        throw badSignature();
      }
      if (typeof event?.id !== 'string' || typeof event.type !== 'string') throw badSignature();
      return { id: event.id, type: event.type, subscriptionId: subscriptionIdOf(event) };
    },
  };
}
