import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { PREMIUM_PRICE_USD_CENTS, WEBHOOK_TOLERANCE_SECONDS } from '@torcedor/shared/constants';
import { LOCAL_TEST_CARDS, type LocalConfirmBody } from '@torcedor/shared/schemas/billing';
import type { z } from 'zod';
import { notFound } from '@torcedor/service-kit/errors';
import { logger } from '@torcedor/service-kit/logger';
import { LOCAL_WEBHOOK_SECRET } from '../config.ts';
import { badSignature, paymentFailed } from './errors.ts';
import type { LocalSubscription } from '../domain/types.ts';
import { createLocalSubscription, getLocalSubscription, updateLocalSubscription } from '../store/local-subscriptions.ts';
import { subscriptionIdOf, type PaymentProvider, type ProviderEvent, type ProviderSubscription, type StripeFormatEvent } from './provider.ts';
import { loadStripe } from './stripe-package.ts';

/**
 * The local payment provider (docs/decisions.md, "Billing"): used when no Stripe key is set, so `npm start` and the
 * tests can buy premium offline. It keeps its subscriptions in billing's table under their own keys (as Stripe keeps
 * them on its side), confirms Stripe's test cards, and sends Stripe-format events signed by the `stripe` package's
 * own test-header helper to the real webhook route, so the whole webhook path runs locally.
 */

/** The provider's messages, as Stripe words them. */
export const LOCAL_CARD_MESSAGES = {
  declined: 'Your card was declined.',
  incorrectNumber: 'Your card number is incorrect.',
  expired: 'Your card has expired.',
  authenticationFailed: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  notATestCard: 'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
} as const;

const LOCAL_PRICE = { id: 'price_local_premium_monthly', unit_amount: PREMIUM_PRICE_USD_CENTS, currency: 'usd', recurring: { interval: 'month' } };
const hash = (s: string) => createHash('sha256').update(s).digest('hex');

const toProvider = (s: LocalSubscription): ProviderSubscription => ({
  id: s.id, customerId: s.customerId, userId: s.userId, status: s.status, currentPeriodEnd: s.currentPeriodEnd,
  cancelAtPeriodEnd: s.cancelAtPeriodEnd, clientSecret: s.status === 'incomplete' ? s.clientSecret : null,
});

const unix = (iso: string | null) => (iso ? Math.floor(Date.parse(iso) / 1000) : null);

/** The subscription as Stripe's API shows it (the webhook event's `data.object`). */
function stripeShape(s: LocalSubscription) {
  return {
    id: s.id, object: 'subscription', customer: s.customerId, status: s.status, cancel_at_period_end: s.cancelAtPeriodEnd,
    created: unix(s.createdAt), livemode: false, metadata: { userId: s.userId },
    items: {
      object: 'list',
      data: [{ id: `si_${s.id.slice(4)}`, object: 'subscription_item', price: LOCAL_PRICE, quantity: 1, current_period_start: unix(s.currentPeriodStart), current_period_end: unix(s.currentPeriodEnd) }],
    },
  };
}

/** One calendar month after `from` (Stripe's monthly billing anchor). */
function addMonth(from: Date): Date {
  const d = new Date(from);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + 1);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

function luhn(n: string): boolean {
  let sum = 0;
  for (let i = 0; i < n.length; i++) {
    let d = Number(n[n.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

export type LocalConfirm = z.output<typeof LocalConfirmBody>;

/** What the test card does, as Stripe's test mode would: succeed, ask for a confirmation step, or fail with its message. */
export function cardOutcome(c: Pick<LocalConfirm, 'cardNumber' | 'expMonth' | 'expYear' | 'authentication'>, now: Date): 'succeeded' | 'requires_action' | { message: string } {
  if (!luhn(c.cardNumber)) return { message: LOCAL_CARD_MESSAGES.incorrectNumber };
  const endOfExpiryMonth = Date.UTC(c.expYear, c.expMonth, 1);
  if (endOfExpiryMonth <= now.getTime()) return { message: LOCAL_CARD_MESSAGES.expired };
  switch (c.cardNumber) {
    case LOCAL_TEST_CARDS.succeeds: return 'succeeded';
    case LOCAL_TEST_CARDS.declined: return { message: LOCAL_CARD_MESSAGES.declined };
    case LOCAL_TEST_CARDS.requiresAction:
      if (!c.authentication) return 'requires_action';
      return c.authentication === 'complete' ? 'succeeded' : { message: LOCAL_CARD_MESSAGES.authenticationFailed };
    default: return { message: LOCAL_CARD_MESSAGES.notATestCard };
  }
}

export interface LocalProvider extends PaymentProvider {
  readonly kind: 'local';
  /** The card form's confirmation; on success the subscription is active and its signed event delivered. */
  confirmPayment(userId: string, body: LocalConfirm): Promise<'succeeded' | 'requires_action'>;
}

/** A local subscription, or null (store/local-subscriptions.ts). */
const read = async (id: string): Promise<LocalSubscription | null> => (await getLocalSubscription(id)) ?? null;

/** Changes an existing local subscription; one that is not there is a failure (as Stripe's 404 would be). */
async function update(id: string, patch: Partial<LocalSubscription>): Promise<LocalSubscription> {
  const sub = await updateLocalSubscription(id, patch);
  if (!sub) throw new Error(`local subscription ${id} does not exist`);
  return sub;
}

/**
 * Sends the event, signed with the local webhook secret, to the webhook route and waits for its answer. A
 * delivery that fails is logged: the caller has applied the same state itself (as Stripe would retry later).
 */
async function deliver(webhookUrl: string, now: Date, type: string, sub: LocalSubscription): Promise<void> {
  const event = {
    id: `evt_local_${randomBytes(12).toString('hex')}`, object: 'event', api_version: 'local', created: Math.floor(now.getTime() / 1000),
    livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object: stripeShape(sub) },
  };
  const payload = JSON.stringify(event);
  const Stripe = await loadStripe();
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: LOCAL_WEBHOOK_SECRET });
  try {
    const res = await fetch(webhookUrl, {
      method: 'POST', body: payload, signal: AbortSignal.timeout(5_000),
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
    });
    if (!res.ok) logger.warn('local provider: webhook delivery refused', { status: res.status, type, eventId: event.id });
  } catch (error) {
    logger.warn('local provider: webhook delivery failed', { error: error as Error, type, eventId: event.id });
  }
}

/** Verifies a webhook signed with the local webhook secret (300 s tolerance), or throws badSignature(). */
async function verifyWebhook(rawBody: string, signature: string | undefined): Promise<ProviderEvent> {
  const Stripe = await loadStripe();
  let event: StripeFormatEvent;
  try {
    event = (await Stripe.webhooks.constructEventAsync(rawBody, signature ?? '', LOCAL_WEBHOOK_SECRET, WEBHOOK_TOLERANCE_SECONDS)) as unknown as StripeFormatEvent;
  } catch {
    throw badSignature();
  }
  return { id: event.id, type: event.type, subscriptionId: subscriptionIdOf(event) };
}

/**
 * The card form's confirmation of the member's own incomplete subscription: the test card's outcome, and on success
 * the subscription active for a month and its signed event delivered.
 */
async function confirmPayment(o: { webhookUrl: string; now: () => Date }, userId: string, body: LocalConfirm): Promise<'succeeded' | 'requires_action'> {
  const id = body.clientSecret.split('_secret_')[0]!;
  const sub = id.startsWith('sub_local_') ? await read(id) : null;
  const secretMatches = sub !== null && sub.clientSecret.length === body.clientSecret.length
    && timingSafeEqual(Buffer.from(sub.clientSecret), Buffer.from(body.clientSecret));
  // Another member's payment, or an unknown one, reads as nothing at all.
  if (!sub || !secretMatches || sub.userId !== userId) throw notFound('No such payment');
  if (sub.status === 'active') return 'succeeded';
  if (sub.status !== 'incomplete') throw notFound('This payment can no longer be completed');
  const outcome = cardOutcome(body, o.now());
  if (outcome === 'requires_action') return outcome;
  if (outcome !== 'succeeded') throw paymentFailed(outcome.message);
  const start = o.now();
  const active = await update(id, { status: 'active', currentPeriodStart: start.toISOString(), currentPeriodEnd: addMonth(start).toISOString() });
  await deliver(o.webhookUrl, o.now(), 'customer.subscription.updated', active);
  return 'succeeded';
}

/** The local provider, delivering its events to `webhookUrl` (`now` for tests' clocks). */
export function createLocalProvider(opts: { webhookUrl: string; now?: () => Date }): LocalProvider {
  const now = opts.now ?? (() => new Date());
  const send = (type: string, sub: LocalSubscription) => deliver(opts.webhookUrl, now(), type, sub);

  return {
    kind: 'local',
    publishableKey: null,

    async createCustomer(userId) {
      return `cus_local_${hash(`customer:${userId}`).slice(0, 20)}`;
    },

    async createSubscription({ customerId, userId, idempotencyKey }) {
      const id = `sub_local_${hash(`subscription:${idempotencyKey}`).slice(0, 24)}`;
      const sub: LocalSubscription = {
        id, customerId, userId, status: 'incomplete', currentPeriodStart: null, currentPeriodEnd: null, cancelAtPeriodEnd: false,
        clientSecret: `${id}_secret_${randomBytes(18).toString('base64url')}`, createdAt: now().toISOString(),
      };
      if (await createLocalSubscription(sub)) return toProvider(sub);
      // A retry with the same idempotency key: the first answer, as Stripe gives it.
      return toProvider((await read(id))!);
    },

    async retrieveSubscription(id) {
      const sub = await read(id);
      return sub ? toProvider(sub) : null;
    },

    async cancelAtPeriodEnd(id) {
      const sub = await update(id, { cancelAtPeriodEnd: true });
      await send('customer.subscription.updated', sub);
      return toProvider(sub);
    },

    async cancelNow(id) {
      const sub = await read(id);
      if (!sub || sub.status === 'canceled') return;
      await send('customer.subscription.deleted', await update(id, { status: 'canceled', cancelAtPeriodEnd: false }));
    },

    verifyWebhook,

    confirmPayment: (userId, body) => confirmPayment({ webhookUrl: opts.webhookUrl, now }, userId, body),
  };
}
