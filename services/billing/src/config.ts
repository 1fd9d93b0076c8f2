import * as z from 'zod';
import { loadConfig } from '@torcedor/service-kit/config';
import { readSecret } from '@torcedor/service-kit/secrets';

/**
 * Billing's own settings (.env.example; SSM parameters and Secrets Manager in the CDK stack). The Stripe secret
 * key and webhook secret are read with readSecret(); a missing secret key selects the local payment provider.
 */
/** A setting the operator has not set: absent, empty, or the `unset` placeholder of the CDK stack's SSM parameter. */
const setting = () => z.preprocess((v) => (v === '' || v === 'unset' ? undefined : v), z.string().min(1).optional());

const BillingEnv = z.object({
  /** Stripe's Price of the $9.99/month plan (required with a Stripe key). */
  STRIPE_PRICE_ID: setting(),
  /** Stripe's publishable key, for the Payment Element on the page (required with a Stripe key). */
  STRIPE_PUBLISHABLE_KEY: setting(),
  /** Another Stripe API base URL (tests point the real client at a local fake). */
  STRIPE_API_URL: z.url().optional(),
  /** Where the local provider delivers its signed events: the app's own webhook route unless set. */
  BILLING_WEBHOOK_URL: z.url().optional(),
  APP_ORIGIN: z.url(),
});
export type BillingEnv = z.infer<typeof BillingEnv>;

let cached: BillingEnv | undefined;
export const billingConfig = (): BillingEnv => (cached ??= loadConfig(BillingEnv));

/** The local provider's webhook signing secret: only ever used without a Stripe key, so it guards nothing real. */
export const LOCAL_WEBHOOK_SECRET = 'whsec_torcedor_local_provider';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  publishableKey: string;
  apiUrl?: string;
}

/** The Stripe settings when a secret key is configured, else null (the local provider). */
export async function stripeSettings(env: BillingEnv = billingConfig()): Promise<StripeSettings | null> {
  const secretKey = await readSecret('STRIPE_SECRET_KEY');
  if (!secretKey) return null;
  const webhookSecret = await readSecret('STRIPE_WEBHOOK_SECRET');
  const missing = [!webhookSecret && 'STRIPE_WEBHOOK_SECRET', !env.STRIPE_PRICE_ID && 'STRIPE_PRICE_ID', !env.STRIPE_PUBLISHABLE_KEY && 'STRIPE_PUBLISHABLE_KEY'].filter(Boolean);
  if (missing.length) throw new Error(`Invalid configuration: a Stripe secret key needs ${missing.join(', ')}`);
  return { secretKey, webhookSecret: webhookSecret!, priceId: env.STRIPE_PRICE_ID!, publishableKey: env.STRIPE_PUBLISHABLE_KEY!, apiUrl: env.STRIPE_API_URL };
}
