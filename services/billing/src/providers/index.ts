import { memoUntilFailure } from '@torcedor/service-kit/memo';
import { billingConfig, stripeSettings } from '../config.ts';
import { createLocalProvider, type LocalProvider } from './local.ts';
import type { PaymentProvider } from './provider.ts';
import { loadStripe } from './stripe-package.ts';

/**
 * The payment provider of this function instance, chosen by configuration once (docs/decisions.md, "Billing"):
 * Stripe when a secret key is set, the local provider otherwise. A failed choice (Secrets Manager unreachable) is not
 * kept, so the next request asks again.
 */
export const paymentProvider: () => Promise<PaymentProvider> = memoUntilFailure(choose);

async function choose(): Promise<PaymentProvider> {
  const env = billingConfig();
  const stripe = await stripeSettings(env);
  if (stripe) {
    const [{ createStripeProvider }, Stripe] = await Promise.all([import('./stripe.ts'), loadStripe()]);
    return createStripeProvider(stripe, Stripe);
  }
  return createLocalProvider({ webhookUrl: env.BILLING_WEBHOOK_URL ?? new URL('/api/billing/webhook', env.APP_ORIGIN).toString() });
}

export const isLocal = (p: PaymentProvider): p is LocalProvider => p.kind === 'local';
