import * as z from 'zod';
import { loadConfig } from '@torcedor/service-kit/config';
import { logger } from '@torcedor/service-kit/logger';
import { readSecret } from '@torcedor/service-kit/secrets';

/**
 * Billing's own settings (.env.example; SSM parameters and Secrets Manager in the CDK stack). The Stripe secret
 * key and webhook secret are read with readSecret(); without them premium is unavailable, except on the local stack,
 * which uses the local payment provider (providers/index.ts).
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

/**
 * The local provider's webhook signing secret: a constant in the repo, so it is only ever used on the local stack
 * (providers/index.ts never builds the local provider elsewhere) and guards nothing real.
 */
export const LOCAL_WEBHOOK_SECRET = 'whsec_torcedor_local_provider';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  publishableKey: string;
  apiUrl?: string;
}

/** The shapes Stripe gives its keys and ids: a placeholder or a value pasted into the wrong setting fails here. */
const STRIPE_FORMATS = {
  STRIPE_SECRET_KEY: /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/,
  STRIPE_WEBHOOK_SECRET: /^whsec_[A-Za-z0-9+/=]+$/,
  STRIPE_PRICE_ID: /^price_[A-Za-z0-9]+$/,
  STRIPE_PUBLISHABLE_KEY: /^pk_(test|live)_[A-Za-z0-9]+$/,
} as const;

/**
 * The Stripe settings when the operator configured all four, else null: no secret key at all, or a partial or
 * malformed set. The latter is logged for the operator (which setting, never its value); members only ever read
 * PAYMENTS_UNAVAILABLE, never "Invalid configuration" (docs/decisions.md, "Billing").
 */
export async function stripeSettings(env: BillingEnv = billingConfig()): Promise<StripeSettings | null> {
  const secretKey = await readSecret('STRIPE_SECRET_KEY');
  if (!secretKey) return null;
  const webhookSecret = await readSecret('STRIPE_WEBHOOK_SECRET');
  const values = { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_PRICE_ID: env.STRIPE_PRICE_ID, STRIPE_PUBLISHABLE_KEY: env.STRIPE_PUBLISHABLE_KEY };
  const bad = (Object.keys(STRIPE_FORMATS) as (keyof typeof STRIPE_FORMATS)[]).filter((k) => !values[k] || !STRIPE_FORMATS[k].test(values[k]));
  if (bad.length) {
    logger.error('payments unavailable: the Stripe configuration is incomplete (infra/README.md, "Provider secrets")', { missingOrMalformed: bad });
    return null;
  }
  return { secretKey, webhookSecret: webhookSecret!, priceId: env.STRIPE_PRICE_ID!, publishableKey: env.STRIPE_PUBLISHABLE_KEY!, apiUrl: env.STRIPE_API_URL };
}
