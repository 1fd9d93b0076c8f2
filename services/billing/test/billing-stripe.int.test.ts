import { GetCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceFixture, type ServiceFixture } from '../../kit/test/fixture.ts';
import { call } from '../../kit/test/http-event.ts';
import { startStripeFake, type StripeFake } from './stripe-fake.ts';

/** Billing's HTTP function with Stripe configured: the real `stripe` client against the local fake of Stripe. */

const WEBHOOK_SECRET = 'whsec_test';
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_fake',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICE_ID: 'price_premium',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
};

let fake: StripeFake;
let f: ServiceFixture;
let http: ServiceFixture['http'];
let ddb: ServiceFixture['ddb'];

beforeAll(async () => {
  fake = await startStripeFake();
  f = await serviceFixture('billing', { http: () => import('../src/http.ts'), env: { ...STRIPE_ENV, STRIPE_API_URL: fake.url } });
  ({ http, ddb } = f);
});
afterAll(async () => {
  for (const name of [...Object.keys(STRIPE_ENV), 'STRIPE_API_URL']) delete process.env[name];
  await fake.close();
});

const member = () => f.member();
type Member = Awaited<ReturnType<typeof member>>;
const subscribe = (m: Member) => call(http, 'POST', '/api/create-subscription', { cookies: m.cookies });
const status = async (m: Member) => (await call(http, 'GET', '/api/subscription/status', { cookies: m.cookies })).body;
const stored = async (userId: string) =>
  (await ddb.ddb.send(new GetCommand({ TableName: ddb.TABLE, Key: { PK: `MEMBER#${userId}`, SK: 'SUBSCRIPTION' }, ConsistentRead: true }))).Item;
/** The member's subscriptions at the fake Stripe. */
const subscriptionsOf = (userId: string) => [...fake.state.subscriptions.values()].filter((s) => s.metadata.userId === userId);
const postWebhook = (payload: string, signature: string) =>
  call(http, 'POST', '/api/billing/webhook', { rawBody: payload, headers: { 'stripe-signature': signature } });
const sign = (payload: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

/** A member who subscribed and whose first payment Stripe confirmed, announced by its signed webhook. */
async function paidMember() {
  const m = await member();
  expect((await subscribe(m)).status).toBe(200);
  const [sub] = subscriptionsOf(m.userId);
  const payload = JSON.stringify(fake.pay(sub!.id));
  const out = await postWebhook(payload, sign(payload));
  expect([out.status, out.body]).toEqual([200, { received: true, duplicate: false }]);
  return { m, sub: sub!, payload };
}

describe('billing with Stripe', () => {
  it('starts an incomplete subscription and answers the Payment Element’s client secret and publishable key', async () => {
    const m = await member();
    const out = await subscribe(m);
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ clientSecret: expect.stringMatching(/^pi_.+_secret_/), provider: 'stripe', publishableKey: 'pk_test_fake' });
    const subs = subscriptionsOf(m.userId);
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ status: 'incomplete', priceId: 'price_premium', payment_behavior: 'default_incomplete' });
    expect(out.body.clientSecret).toBe(fake.state.invoices.get(subs[0]!.latest_invoice)!.confirmation_secret.client_secret);
    expect(await status(m)).toMatchObject({ isPremium: false, plan: 'free' });
  });

  it('resumes the same incomplete subscription on a second start', async () => {
    const m = await member();
    const first = await subscribe(m);
    const second = await subscribe(m);
    expect(second.status).toBe(200);
    expect(second.body.clientSecret).toBe(first.body.clientSecret);
    expect(subscriptionsOf(m.userId)).toHaveLength(1);
    expect([...fake.state.customers.values()].filter((c) => c.metadata.userId === m.userId)).toHaveLength(1);
  });

  it('turns premium, with the renewal date, when Stripe’s signed event about the payment arrives', async () => {
    const { m, sub, payload } = await paidMember();
    const periodEnd = iso(fake.state.subscriptions.get(sub.id)!.current_period_end);
    // The webhook stored it (not the status read, which also looks at a pending subscription).
    expect(await stored(m.userId)).toMatchObject({ plan: 'premium', currentPeriodEnd: periodEnd, subscriptionId: sub.id, providerStatus: 'active' });
    expect(await status(m)).toMatchObject({ isPremium: true, plan: 'premium', renewalDate: periodEnd, cancelAtPeriodEnd: false, endsAt: null });
    // A redelivery changes nothing.
    expect((await postWebhook(payload, sign(payload))).body).toEqual({ received: true, duplicate: true });
    // A paid member is not sold a second subscription.
    expect((await subscribe(m)).body.code).toBe('ALREADY_SUBSCRIBED');
    expect(subscriptionsOf(m.userId)).toHaveLength(1);
  });

  it('refuses a webhook whose signature does not verify, changing nothing', async () => {
    const m = await member();
    await subscribe(m);
    const [sub] = subscriptionsOf(m.userId);
    const payload = JSON.stringify(fake.pay(sub!.id));
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    const out = await postWebhook(payload, forged);
    expect([out.status, out.body.code]).toEqual([400, 'BAD_SIGNATURE']);
    expect(await stored(m.userId)).toMatchObject({ plan: 'free', providerStatus: 'incomplete' });
  });

  it('has no local card form: POST /api/billing/local/confirm is 404', async () => {
    const m = await member();
    const { body } = await subscribe(m);
    const out = await call(http, 'POST', '/api/billing/local/confirm', {
      cookies: m.cookies,
      body: { clientSecret: body.clientSecret, cardNumber: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123' },
    });
    expect([out.status, out.body.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('cancels at the period end at Stripe, and the status says when premium ends', async () => {
    const { m, sub } = await paidMember();
    const periodEnd = iso(fake.state.subscriptions.get(sub.id)!.current_period_end);
    const out = await call(http, 'POST', '/api/cancel-subscription', { cookies: m.cookies });
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ cancelAtPeriodEnd: true, endsAt: periodEnd });
    expect(fake.state.subscriptions.get(sub.id)).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(await status(m)).toMatchObject({ isPremium: true, plan: 'premium', cancelAtPeriodEnd: true, endsAt: periodEnd, renewalDate: null });
  });

  it('answers 503 when Stripe fails the subscription create, stores no subscription, and a retry works', async () => {
    const m = await member();
    fake.failNext(/^\/v1\/subscriptions$/, 500, 2); // the call and the client's one retry
    const out = await subscribe(m);
    expect([out.status, out.body.code, out.headers['retry-after']]).toEqual([503, 'UNAVAILABLE', '5']);
    expect(subscriptionsOf(m.userId)).toHaveLength(0);
    expect((await stored(m.userId))?.subscriptionId ?? null).toBeNull();
    expect(await status(m)).toMatchObject({ isPremium: false, plan: 'free' });
    const retry = await subscribe(m);
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ provider: 'stripe', clientSecret: expect.stringMatching(/_secret_/) });
    expect(subscriptionsOf(m.userId)).toHaveLength(1);
    expect(await stored(m.userId)).toMatchObject({ subscriptionId: subscriptionsOf(m.userId)[0]!.id, providerStatus: 'incomplete' });
  });
});
