import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '@torcedor/service-kit/errors';
import { isDependencyFailure } from '@torcedor/service-kit/aws';
import type { PaymentProvider } from '../src/providers/provider.ts';
import { createStripeProvider } from '../src/providers/stripe.ts';
import { startStripeFake, type StripeFake } from './stripe-fake.ts';

/** The Stripe provider with the real `stripe` client, against the local fake of Stripe's API (no DynamoDB). */

const WEBHOOK_SECRET = 'whsec_test';
const PRICE_ID = 'price_premium';

let fake: StripeFake;
let provider: PaymentProvider;

beforeAll(async () => {
  fake = await startStripeFake();
  provider = createStripeProvider(
    { secretKey: 'sk_test_fake', webhookSecret: WEBHOOK_SECRET, priceId: PRICE_ID, publishableKey: 'pk_test_fake', apiUrl: fake.url },
    Stripe,
  );
});
afterAll(() => fake.close());

let seq = 0;
const userId = () => `user-${Date.now()}-${++seq}`;

async function newSubscription() {
  const user = userId();
  const customerId = await provider.createCustomer(user);
  const sub = await provider.createSubscription({ customerId, userId: user, idempotencyKey: `sub-${user}` });
  return { user, customerId, sub };
}

const sign = (payload: string, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, ...(timestamp === undefined ? {} : { timestamp }) });

async function rejection(promise: Promise<unknown>) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
}

describe('Stripe provider', () => {
  it('names itself and gives the publishable key', () => {
    expect([provider.kind, provider.publishableKey]).toEqual(['stripe', 'pk_test_fake']);
  });

  it('creates a member’s customer once', async () => {
    const user = userId();
    const first = await provider.createCustomer(user);
    const again = await provider.createCustomer(user);
    expect(again).toBe(first);
    expect([...fake.state.customers.values()].filter((c) => c.metadata.userId === user)).toHaveLength(1);
    expect(fake.requests.filter((r) => r.path === '/v1/customers').at(-1)?.idempotencyKey).toBe(`customer-${user}`);
  });

  it('creates an incomplete subscription awaiting its first payment, for the price', async () => {
    const { user, customerId, sub } = await newSubscription();
    expect(sub).toEqual({
      id: expect.stringMatching(/^sub_/),
      customerId,
      userId: user,
      status: 'incomplete',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      clientSecret: expect.stringMatching(/^pi_.+_secret_/),
    });
    const stored = fake.state.subscriptions.get(sub.id)!;
    expect(stored).toMatchObject({ priceId: PRICE_ID, customer: customerId, payment_behavior: 'default_incomplete', save_default_payment_method: 'on_subscription', metadata: { userId: user } });
    expect(sub.clientSecret).toBe(fake.state.invoices.get(stored.latest_invoice)!.confirmation_secret.client_secret);
  });

  it('gives the first subscription again for a retried create with the same idempotency key', async () => {
    const user = userId();
    const customerId = await provider.createCustomer(user);
    const input = { customerId, userId: user, idempotencyKey: `sub-${user}` };
    const first = await provider.createSubscription(input);
    const retried = await provider.createSubscription(input);
    expect(retried).toEqual(first);
    expect([...fake.state.subscriptions.values()].filter((s) => s.customer === customerId)).toHaveLength(1);
  });

  it('retrieves status, period end and cancel-at-period-end', async () => {
    const { sub } = await newSubscription();
    expect(await provider.retrieveSubscription(sub.id)).toEqual(sub);
    fake.pay(sub.id);
    const periodEnd = fake.state.subscriptions.get(sub.id)!.current_period_end;
    const paid = await provider.retrieveSubscription(sub.id);
    expect(paid).toMatchObject({ id: sub.id, status: 'active', currentPeriodEnd: new Date(periodEnd * 1000).toISOString(), cancelAtPeriodEnd: false, clientSecret: null });
    expect(Date.parse(paid!.currentPeriodEnd!) - Date.now()).toBeGreaterThan(27 * 86_400_000);
    fake.setSubscription(sub.id, { status: 'past_due', cancel_at_period_end: true });
    expect(await provider.retrieveSubscription(sub.id)).toMatchObject({ status: 'past_due', cancelAtPeriodEnd: true });
  });

  it('retrieves an unknown subscription as null', async () => {
    expect(await provider.retrieveSubscription('sub_unknown')).toBeNull();
  });

  it('cancels at period end: the paid period still runs', async () => {
    const { sub } = await newSubscription();
    fake.pay(sub.id);
    const canceled = await provider.cancelAtPeriodEnd(sub.id);
    expect(canceled).toMatchObject({ id: sub.id, status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: expect.any(String) });
    expect(fake.state.subscriptions.get(sub.id)).toMatchObject({ status: 'active', cancel_at_period_end: true });
  });

  it('cancels now, twice without an error, and an unknown subscription too', async () => {
    const { sub } = await newSubscription();
    fake.pay(sub.id);
    await provider.cancelNow(sub.id);
    expect(fake.state.subscriptions.get(sub.id)!.status).toBe('canceled');
    await expect(provider.cancelNow(sub.id)).resolves.toBeUndefined();
    await expect(provider.cancelNow('sub_unknown')).resolves.toBeUndefined();
    expect(await provider.retrieveSubscription(sub.id)).toMatchObject({ status: 'canceled' });
  });

  it('surfaces Stripe’s 500s, after the client’s retries, as the dependency-unavailable error (503)', async () => {
    const user = userId();
    const customerId = await provider.createCustomer(user);
    const before = fake.requests.length;
    fake.failNext(/^\/v1\/subscriptions$/, 500, 2);
    const err = await provider.createSubscription({ customerId, userId: user, idempotencyKey: `sub-${user}` }).catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(DomainError);
    expect(isDependencyFailure(err)).toBe(true);
    // One call and the client's one retry (fail fast), both with the same key.
    const tries = fake.requests.slice(before).filter((r) => r.path === '/v1/subscriptions');
    expect(tries.map((r) => r.idempotencyKey)).toEqual([`sub-${user}`, `sub-${user}`]);
    expect([...fake.state.subscriptions.values()].filter((s) => s.customer === customerId)).toHaveLength(0);
    // Nothing was kept under the key: the member's retry creates the subscription.
    expect(await provider.createSubscription({ customerId, userId: user, idempotencyKey: `sub-${user}` })).toMatchObject({ status: 'incomplete' });
  });

  it('surfaces an unreachable Stripe as the dependency-unavailable error', async () => {
    const closed = await startStripeFake();
    await closed.close();
    const offline = createStripeProvider({ secretKey: 'sk_test_fake', webhookSecret: WEBHOOK_SECRET, priceId: PRICE_ID, publishableKey: 'pk', apiUrl: closed.url }, Stripe);
    const err = await offline.retrieveSubscription('sub_x').catch((e: unknown) => e);
    expect(isDependencyFailure(err)).toBe(true);
  });

  it('leaves Stripe’s other 4xx errors alone (a bug of ours, not an outage)', async () => {
    const err = await provider.createSubscription({ customerId: 'cus_unknown', userId: userId(), idempotencyKey: `sub-${userId()}` }).catch((e: unknown) => e);
    expect(isDependencyFailure(err)).toBe(false);
    expect(err).toMatchObject({ type: 'StripeInvalidRequestError', code: 'resource_missing' });
  });
});

describe('Stripe webhooks', () => {
  it('accept a correctly signed event and name its subscription', async () => {
    const { sub } = await newSubscription();
    const payload = JSON.stringify(fake.pay(sub.id));
    const event = await provider.verifyWebhook(payload, sign(payload));
    expect(event).toEqual({ id: expect.stringMatching(/^evt_/), type: 'customer.subscription.updated', subscriptionId: sub.id });
  });

  it('name an invoice event’s subscription from its parent, or the older top-level field', async () => {
    const { sub } = await newSubscription();
    const invoice = fake.invoice(fake.state.subscriptions.get(sub.id)!.latest_invoice);
    const paid = JSON.stringify(fake.event('invoice.paid', invoice));
    expect(await provider.verifyWebhook(paid, sign(paid))).toMatchObject({ type: 'invoice.paid', subscriptionId: sub.id });
    const legacy = JSON.stringify(fake.event('invoice.payment_failed', { id: 'in_x', object: 'invoice', parent: null, subscription: { id: sub.id, object: 'subscription' } }));
    expect(await provider.verifyWebhook(legacy, sign(legacy))).toMatchObject({ subscriptionId: sub.id });
    const other = JSON.stringify(fake.event('customer.created', { id: 'cus_x', object: 'customer' }));
    expect(await provider.verifyWebhook(other, sign(other))).toMatchObject({ type: 'customer.created', subscriptionId: null });
  });

  it('reject a bad signature', async () => {
    const { sub } = await newSubscription();
    const payload = JSON.stringify(fake.pay(sub.id));
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect((await rejection(provider.verifyWebhook(payload, forged))).code).toBe('BAD_SIGNATURE');
    expect((await rejection(provider.verifyWebhook(payload, 'garbage'))).code).toBe('BAD_SIGNATURE');
    expect((await rejection(provider.verifyWebhook(payload, undefined))).code).toBe('BAD_SIGNATURE');
  });

  it('reject a timestamp older than 300 s', async () => {
    const { sub } = await newSubscription();
    const payload = JSON.stringify(fake.pay(sub.id));
    const old = Math.floor(Date.now() / 1000) - 301;
    const err = await rejection(provider.verifyWebhook(payload, sign(payload, old)));
    expect([err.code, err.statusCode]).toEqual(['BAD_SIGNATURE', 400]);
    // Within the tolerance it still verifies.
    await expect(provider.verifyWebhook(payload, sign(payload, old + 60))).resolves.toMatchObject({ subscriptionId: sub.id });
  });

  it('reject a body changed by one byte', async () => {
    const { sub } = await newSubscription();
    const payload = JSON.stringify(fake.pay(sub.id));
    const signature = sign(payload);
    const changed = payload.replace('"active"', '"activf"');
    expect(changed).not.toBe(payload);
    expect(changed).toHaveLength(payload.length);
    expect((await rejection(provider.verifyWebhook(changed, signature))).code).toBe('BAD_SIGNATURE');
  });
});
