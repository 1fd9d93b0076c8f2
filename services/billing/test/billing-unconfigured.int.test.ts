import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOCAL_STACK_FLAG } from '@torcedor/shared/runtime';
import { serviceFixture, type ServiceFixture } from '../../kit/test/fixture.ts';
import { call } from '../../kit/test/http-event.ts';

/**
 * Billing as a deployed function meets it: the local stack's flag absent. Without a complete Stripe configuration
 * every payment path fails closed (docs/decisions.md, "Billing"): no local provider, no constant webhook secret.
 */

/** The constant the local provider signs with: it is in the repo, so nothing deployed may accept it. */
const LOCAL_SECRET = 'whsec_torcedor_local_provider';
const UNAVAILABLE = { message: 'Premium is not available yet. Please try again later.', code: 'PAYMENTS_UNAVAILABLE' };
type Http = Parameters<typeof call>[0];

/** A fresh billing HTTP function (its configuration and provider choice are read once per instance) with `env` added. */
async function deployedBilling(env: Record<string, string> = {}): Promise<Http> {
  vi.resetModules();
  for (const k of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID', 'STRIPE_PUBLISHABLE_KEY', LOCAL_STACK_FLAG]) delete process.env[k];
  Object.assign(process.env, env);
  return (await import('../src/http.ts')).handler as Http;
}

let saved: NodeJS.ProcessEnv;
let f: ServiceFixture;
beforeAll(async () => {
  saved = { ...process.env };
  // The fixture sets billing's environment; each test imports its own fresh function (deployedBilling).
  f = await serviceFixture('billing');
});
afterAll(() => {
  process.env = saved;
  vi.resetModules();
});

const member = () => f.member();

describe('billing deployed without a payment provider', () => {
  it('answers 503 PAYMENTS_UNAVAILABLE with Retry-After to an upgrade, and the status says payments are unavailable', async () => {
    const http = await deployedBilling();
    const m = await member();
    const status = await call(http, 'GET', '/api/subscription/status', { cookies: m.cookies });
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ plan: 'free', isPremium: false, paymentsAvailable: false });

    const out = await call(http, 'POST', '/api/create-subscription', { cookies: m.cookies });
    expect([out.status, out.body]).toEqual([503, UNAVAILABLE]);
    expect(Number(out.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("never runs the local provider: its card confirmation is 404 and a webhook signed with its constant secret changes nothing", async () => {
    const http = await deployedBilling();
    const m = await member();
    const confirm = await call(http, 'POST', '/api/billing/local/confirm', {
      cookies: m.cookies, body: { clientSecret: 'sub_local_x_secret_y', cardNumber: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' },
    });
    expect(confirm.status).toBe(404);

    const payload = JSON.stringify({
      id: 'evt_forged_1', object: 'event', type: 'customer.subscription.updated', created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'sub_local_forged', object: 'subscription', status: 'active', metadata: { userId: m.userId } } },
    });
    const hook = await call(http, 'POST', '/api/billing/webhook', {
      rawBody: payload, headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: LOCAL_SECRET }) },
    });
    expect([hook.status, hook.body]).toEqual([503, UNAVAILABLE]);
    expect((await call(http, 'GET', '/api/subscription/status', { cookies: m.cookies })).body).toMatchObject({ plan: 'free', isPremium: false });
  });

  it('a partial or placeholder Stripe configuration is the same 503, never "Invalid configuration"', async () => {
    const configurations: Record<string, string>[] = [
      { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc', STRIPE_PRICE_ID: 'unset', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' },
      { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PRICE_ID: 'price_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' },
      { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc', STRIPE_PRICE_ID: 'prod_not_a_price', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' },
    ];
    for (const env of configurations) {
      const http = await deployedBilling(env);
      const m = await member();
      const out = await call(http, 'POST', '/api/create-subscription', { cookies: m.cookies });
      expect([out.status, out.body]).toEqual([503, UNAVAILABLE]);
      expect((await call(http, 'GET', '/api/subscription/status', { cookies: m.cookies })).body.paymentsAvailable).toBe(false);
    }
  });

  it('the local stack (its flag set) keeps the local provider', async () => {
    const http = await deployedBilling({ [LOCAL_STACK_FLAG]: '1' });
    const m = await member();
    expect((await call(http, 'GET', '/api/subscription/status', { cookies: m.cookies })).body.paymentsAvailable).toBe(true);
    const out = await call(http, 'POST', '/api/create-subscription', { cookies: m.cookies });
    expect(out.status).toBe(200);
    expect(out.body.provider).toBe('local');
  });
});
