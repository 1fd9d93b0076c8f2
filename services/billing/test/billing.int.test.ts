import { createServer, type Server } from 'node:http';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedEvents } from '@torcedor/local/src/testing/service-env.ts';
import { serviceFixture, type ServiceFixture } from '../../kit/test/fixture.ts';
import { call, httpEvent } from '../../kit/test/http-event.ts';

const LOCAL_SECRET = 'whsec_torcedor_local_provider';
let f: ServiceFixture;
let http: ServiceFixture['http'];
let ddb: ServiceFixture['ddb'];
let outbox: typeof import('@torcedor/service-kit/outbox');
let hook: Server;
/** Every webhook the local provider delivered, with the status the webhook route answered. */
const deliveries: { type: string; status: number }[] = [];

beforeAll(async () => {
  // The local provider delivers its signed events over HTTP to the webhook route: here, this server, which hands
  // them to the billing function as API Gateway would.
  hook = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => { raw += c; });
    req.on('end', () => {
      void (async () => {
        const out = (await http(httpEvent('POST', '/api/billing/webhook', { rawBody: raw, headers: { 'stripe-signature': String(req.headers['stripe-signature']) } }), {})) as { statusCode: number; body: string };
        deliveries.push({ type: (JSON.parse(raw) as { type: string }).type, status: out.statusCode });
        res.writeHead(out.statusCode, { 'content-type': 'application/json' }).end(out.body);
      })();
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(hook.address() as { port: number }).port}/api/billing/webhook`;
  f = await serviceFixture('billing', {
    http: () => import('../src/http.ts'), worker: () => import('../src/worker.ts'),
    env: { BILLING_WEBHOOK_URL: url, STRIPE_SECRET_KEY: undefined },
  });
  ({ http, ddb } = f);
  outbox = await import('@torcedor/service-kit/outbox');
});
afterAll(() => new Promise<void>((r) => hook.close(() => r())));

const member = () => f.member();
type Member = Awaited<ReturnType<typeof member>>;
const status = async (m: Member) => (await call(http, 'GET', '/api/subscription/status', { cookies: m.cookies })).body;
const subscribe = (m: Member) => call(http, 'POST', '/api/create-subscription', { cookies: m.cookies });
const card = (number: string, extra: Record<string, unknown> = {}) => ({ cardNumber: number, expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', ...extra });
const confirm = (m: Member, clientSecret: string, number: string, extra: Record<string, unknown> = {}) =>
  call(http, 'POST', '/api/billing/local/confirm', { cookies: m.cookies, body: { clientSecret, ...card(number, extra) } });
const stored = async (userId: string) =>
  (await ddb.ddb.send(new GetCommand({ TableName: ddb.TABLE, Key: { PK: `MEMBER#${userId}`, SK: 'SUBSCRIPTION' }, ConsistentRead: true }))).Item;

async function entitlementEvents(userId: string) {
  await outbox.flushOutbox();
  const byVersion = new Map<number, { tier: string; until: string | null; version: number }>();
  for (const e of await publishedEvents(f.pool())) {
    if (e.DetailType !== 'EntitlementChanged') continue;
    const d = JSON.parse(e.Detail!) as { userId: string; tier: string; until: string | null; version: number };
    if (d.userId === userId) byVersion.set(d.version, d); // a relay and a sweep may both publish one
  }
  return [...byVersion.values()].sort((a, b) => a.version - b.version);
}

/** A Stripe-format event about the local subscription as it is stored now, signed as the local provider signs. */
async function signedEvent(subscriptionId: string, type: string, opts: { timestamp?: number; id?: string } = {}) {
  const sub = (await ddb.ddb.send(new GetCommand({ TableName: ddb.TABLE, Key: { PK: `LOCALPAY#${subscriptionId}`, SK: 'SUBSCRIPTION' }, ConsistentRead: true }))).Item!;
  const payload = JSON.stringify({ id: opts.id ?? `evt_test_${Math.random().toString(36).slice(2)}`, object: 'event', type, data: { object: { id: subscriptionId, object: 'subscription', status: sub.status } } });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: LOCAL_SECRET, timestamp: opts.timestamp }) };
}
const postWebhook = (payload: string, signature: string) =>
  call(http, 'POST', '/api/billing/webhook', { rawBody: payload, headers: { 'stripe-signature': signature } });
/** What Stripe does once a card is confirmed, without telling anyone: the subscription becomes active. */
const setLocalSubscription = (id: string, fields: Record<string, unknown>) => ddb.ddb.send(new UpdateCommand({
  TableName: ddb.TABLE, Key: { PK: `LOCALPAY#${id}`, SK: 'SUBSCRIPTION' },
  UpdateExpression: `SET ${Object.keys(fields).map((k, i) => `#k${i} = :v${i}`).join(', ')}`,
  ExpressionAttributeNames: Object.fromEntries(Object.keys(fields).map((k, i) => [`#k${i}`, k])),
  ExpressionAttributeValues: Object.fromEntries(Object.values(fields).map((v, i) => [`:v${i}`, v])),
}));
const subscriptionIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;

describe('buying premium on the local provider', () => {
  it('starts an incomplete subscription, resumes it, pays with 4242 through the signed webhook, and announces premium', async () => {
    const m = await member();
    expect(await status(m)).toMatchObject({ isPremium: false, plan: 'free', renewalDate: null, endsAt: null, features: { unlimitedHumidor: false, advancedAnalytics: false } });

    const first = await subscribe(m);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ clientSecret: expect.stringMatching(/^sub_local_\w+_secret_/), provider: 'local', publishableKey: null });
    const again = await subscribe(m);
    expect(again.body.clientSecret).toBe(first.body.clientSecret); // the same incomplete subscription, not a second one
    expect(await status(m)).toMatchObject({ plan: 'free' });

    const paid = await confirm(m, first.body.clientSecret, '4242 4242 4242 4242');
    expect(paid).toMatchObject({ status: 200, body: { status: 'succeeded' } });
    expect(deliveries).toContainEqual({ type: 'customer.subscription.updated', status: 200 });

    const s = await status(m);
    expect(s).toMatchObject({ isPremium: true, plan: 'premium', cancelAtPeriodEnd: false, endsAt: null, features: { unlimitedHumidor: true, unlimitedRecommendations: true, prioritySupport: true, advancedAnalytics: true } });
    const days = (Date.parse(s.renewalDate) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);

    const events = await entitlementEvents(m.userId);
    expect(events.at(-1)).toMatchObject({ tier: 'premium', until: s.renewalDate });
    // Versions only grow.
    expect(events.map((e) => e.version)).toEqual([...events.map((e) => e.version)].sort((a, b) => a - b));
    expect((await subscribe(m)).body.code).toBe('ALREADY_SUBSCRIBED');
  });

  it('a declined card and a failed confirmation step say the provider\'s message and change nothing; a completed step pays', async () => {
    const m = await member();
    const { clientSecret } = (await subscribe(m)).body;
    const declined = await confirm(m, clientSecret, '4000000000000002');
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({ code: 'PAYMENT_FAILED', message: 'Your card was declined.' });
    expect((await confirm(m, clientSecret, '4242424242424241')).body.message).toBe('Your card number is incorrect.');
    expect((await confirm(m, clientSecret, '4242424242424242', { expYear: 2020 })).body).toMatchObject({ code: 'PAYMENT_FAILED', message: 'Your card has expired.' });
    expect((await confirm(m, clientSecret, '4242424242424242', { cvc: '12' })).body).toMatchObject({ code: 'VALIDATION' });
    expect(await status(m)).toMatchObject({ plan: 'free' });

    const step = await confirm(m, clientSecret, '4000 0025 0000 3155');
    expect(step.body).toEqual({ status: 'requires_action' });
    const failed = await confirm(m, clientSecret, '4000002500003155', { authentication: 'fail' });
    expect(failed.body).toMatchObject({ code: 'PAYMENT_FAILED', message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.' });
    expect(await status(m)).toMatchObject({ plan: 'free' });
    expect((await confirm(m, clientSecret, '4000002500003155', { authentication: 'complete' })).body).toEqual({ status: 'succeeded' });
    expect(await status(m)).toMatchObject({ plan: 'premium', isPremium: true });
  });

  it("another member's client secret, or a made-up one, reads as nothing", async () => {
    const [a, b] = [await member(), await member()];
    const { clientSecret } = (await subscribe(a)).body;
    expect((await confirm(b, clientSecret, '4242424242424242')).status).toBe(404);
    expect((await confirm(a, `${clientSecret}x`, '4242424242424242')).status).toBe(404);
    expect((await confirm(a, 'pi_123_secret_abc', '4242424242424242')).status).toBe(404);
    expect(await status(a)).toMatchObject({ plan: 'free' });
    expect(await status(b)).toMatchObject({ plan: 'free' });
  });

  it('cancels at period end and says until when; premium runs to that date', async () => {
    const m = await member();
    expect((await call(http, 'POST', '/api/cancel-subscription', { cookies: m.cookies })).body.code).toBe('NOT_SUBSCRIBED');
    const { clientSecret } = (await subscribe(m)).body;
    await confirm(m, clientSecret, '4242424242424242');
    const renewal = (await status(m)).renewalDate as string;
    const canceled = await call(http, 'POST', '/api/cancel-subscription', { cookies: m.cookies });
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ cancelAtPeriodEnd: true, endsAt: renewal });
    expect(canceled.body.message).toMatch(/^Your subscription has been canceled\. Premium stays active until \w+ \d{1,2}, \d{4}\.$/);
    expect(await status(m)).toMatchObject({ isPremium: true, plan: 'premium', cancelAtPeriodEnd: true, renewalDate: null, endsAt: renewal });
    expect((await entitlementEvents(m.userId)).at(-1)).toMatchObject({ tier: 'premium', until: renewal });
  });
});

describe('the webhook', () => {
  async function pendingSubscription() {
    const m = await member();
    const { clientSecret } = (await subscribe(m)).body;
    return { m, id: subscriptionIdOf(clientSecret) };
  }
  const periodEnd = () => new Date(Date.now() + 30 * 86_400_000).toISOString();

  it('refuses a bad signature, a timestamp older than 300 s and a body changed by one byte with 400, changing nothing', async () => {
    const { m, id } = await pendingSubscription();
    await setLocalSubscription(id, { status: 'active', currentPeriodEnd: periodEnd() });
    const { payload, signature } = await signedEvent(id, 'customer.subscription.updated');
    const wrongSecret = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const old = await signedEvent(id, 'customer.subscription.updated', { timestamp: Math.floor(Date.now() / 1000) - 301 });
    const before = await stored(m.userId);
    for (const [body, sig] of [[payload, wrongSecret], [old.payload, old.signature], [payload.replace('"object":"event"', '"object":"evenT"'), signature], [payload, ''], [payload, 't=1,v1=abc']] as const) {
      const res = await postWebhook(body, sig);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'BAD_SIGNATURE' });
    }
    expect(await stored(m.userId)).toEqual(before);
    expect((await postWebhook(payload, signature)).body).toEqual({ received: true, duplicate: false });
    expect(await status(m)).toMatchObject({ plan: 'premium' });
  });

  it('the same event delivered 3 times at once changes the state once', async () => {
    const { m, id } = await pendingSubscription();
    await setLocalSubscription(id, { status: 'active', currentPeriodEnd: periodEnd() });
    const { payload, signature } = await signedEvent(id, 'customer.subscription.updated');
    const versionBefore = Number((await stored(m.userId))!.version);
    const answers = await Promise.all([1, 2, 3].map(() => postWebhook(payload, signature)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.body.duplicate === false)).toHaveLength(1);
    expect(Number((await stored(m.userId))!.version)).toBe(versionBefore + 1);
    const premium = (await entitlementEvents(m.userId)).filter((e) => e.tier === 'premium');
    expect(premium).toHaveLength(1);
    expect((await postWebhook(payload, signature)).body).toEqual({ received: true, duplicate: true });
  });

  it('subscription.deleted delivered before subscription.updated ends free: the provider is re-read, not the event', async () => {
    const { m, id } = await pendingSubscription();
    await setLocalSubscription(id, { status: 'active', currentPeriodEnd: periodEnd() });
    const updated = await signedEvent(id, 'customer.subscription.updated'); // says active
    await setLocalSubscription(id, { status: 'canceled' });
    const deleted = await signedEvent(id, 'customer.subscription.deleted');
    expect((await postWebhook(deleted.payload, deleted.signature)).status).toBe(200);
    expect((await postWebhook(updated.payload, updated.signature)).status).toBe(200);
    expect(await status(m)).toMatchObject({ isPremium: false, plan: 'free' });
    expect((await stored(m.userId))!.providerStatus).toBe('canceled');
  });

  it('an event about no subscription, or about an unknown one, is acknowledged once', async () => {
    const payload = JSON.stringify({ id: `evt_other_${Date.now()}`, object: 'event', type: 'customer.created', data: { object: { id: 'cus_1' } } });
    const sig = Stripe.webhooks.generateTestHeaderString({ payload, secret: LOCAL_SECRET });
    expect((await postWebhook(payload, sig)).body).toEqual({ received: true, duplicate: false });
    expect((await postWebhook(payload, sig)).body).toEqual({ received: true, duplicate: true });
    const unknown = JSON.stringify({ id: `evt_unknown_${Date.now()}`, object: 'event', type: 'customer.subscription.updated', data: { object: { id: 'sub_local_nobody' } } });
    expect((await postWebhook(unknown, Stripe.webhooks.generateTestHeaderString({ payload: unknown, secret: LOCAL_SECRET }))).status).toBe(200);
  });
});

describe('trial and account deletion', () => {
  it('a trial grants what premium gives until it ends; paying during it makes the member premium', async () => {
    const m = await member();
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString();
    await f.send('UserRegistered', { userId: m.userId, kind: 'trial', trialEndsAt: until, email: null, firstName: null, lastName: null, registeredAt: new Date().toISOString() });
    expect(await status(m)).toMatchObject({ isPremium: false, plan: 'trial', endsAt: until, renewalDate: null, features: { unlimitedHumidor: true, prioritySupport: true, advancedAnalytics: true } });
    const { clientSecret } = (await subscribe(m)).body;
    await confirm(m, clientSecret, '4242424242424242');
    expect(await status(m)).toMatchObject({ isPremium: true, plan: 'premium' });
    // A repeated registration event changes nothing.
    const version = (await stored(m.userId))!.version;
    await f.send('UserRegistered', { userId: m.userId, kind: 'trial', trialEndsAt: until, email: null, firstName: null, lastName: null, registeredAt: new Date().toISOString() });
    expect((await stored(m.userId))!.version).toBe(version);
  });

  it('deleting an account cancels its subscription at the provider, then deletes billing\'s data', async () => {
    const m = await member();
    const { clientSecret } = (await subscribe(m)).body;
    await confirm(m, clientSecret, '4242424242424242');
    const id = subscriptionIdOf(clientSecret);
    await f.send('UserDeleted', { userId: m.userId, deletedAt: new Date().toISOString() });
    const sub = (await ddb.ddb.send(new GetCommand({ TableName: ddb.TABLE, Key: { PK: `LOCALPAY#${id}`, SK: 'SUBSCRIPTION' }, ConsistentRead: true }))).Item!;
    expect(sub.status).toBe('canceled');
    expect(await stored(m.userId)).toBeUndefined();
    expect(deliveries).toContainEqual({ type: 'customer.subscription.deleted', status: 200 });
  });
});
