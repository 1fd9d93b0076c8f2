import { isLocalStack } from '@torcedor/service-kit/config';
import { memoUntilFailure } from '@torcedor/service-kit/memo';
import { billingConfig, stripeSettings } from '../config.ts';
import { paymentsUnavailable } from './errors.ts';
import { createLocalProvider, type LocalProvider } from './local.ts';
import type { PaymentProvider } from './provider.ts';
import { loadStripe } from './stripe-package.ts';

/**
 * The payment provider of this function instance, chosen by configuration once (docs/decisions.md, "Billing"):
 * Stripe when its four settings are set; the local provider on the local stack alone (its explicit flag, which CDK
 * never sets); otherwise none, and every payment path fails closed with PAYMENTS_UNAVAILABLE. A failed choice (Secrets
 * Manager unreachable) is not kept, so the next request asks again.
 */
const provider: () => Promise<PaymentProvider | null> = memoUntilFailure(choose);

async function choose(): Promise<PaymentProvider | null> {
  const env = billingConfig();
  const stripe = await stripeSettings(env);
  if (stripe) {
    const [{ createStripeProvider }, Stripe] = await Promise.all([import('./stripe.ts'), loadStripe()]);
    return createStripeProvider(stripe, Stripe);
  }
  if (!isLocalStack()) return null;
  return createLocalProvider({ webhookUrl: env.BILLING_WEBHOOK_URL ?? new URL('/api/billing/webhook', env.APP_ORIGIN).toString() });
}

/** The configured provider; PAYMENTS_UNAVAILABLE (503) when this deployment has none. */
export async function paymentProvider(): Promise<PaymentProvider> {
  const chosen = await provider();
  if (!chosen) throw paymentsUnavailable();
  return chosen;
}

/** Whether premium can be bought here: the page shows its card form only then. */
export async function paymentsAvailable(): Promise<boolean> {
  return (await provider()) !== null;
}

export const isLocal = (p: PaymentProvider): p is LocalProvider => p.kind === 'local';
