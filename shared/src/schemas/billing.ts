import * as z from 'zod';

export const SubscriptionStatus = z.object({
  isPremium: z.boolean(),
  plan: z.enum(['free', 'trial', 'premium']),
  /** When a running paid plan renews (null when it ends instead, see `endsAt`). */
  renewalDate: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** When a trial, or a paid plan canceled at period end, stops (null otherwise). */
  endsAt: z.string().nullable(),
  features: z.object({
    unlimitedHumidor: z.boolean(),
    unlimitedRecommendations: z.boolean(),
    prioritySupport: z.boolean(),
    advancedAnalytics: z.boolean(),
  }),
  /** Whether premium can be bought in this deployment: false until an operator configures the payment provider. */
  paymentsAvailable: z.boolean(),
});

/** What the page needs to show the payment form: the provider's client secret and which form to mount. */
export const CreateSubscriptionResult = z.object({
  clientSecret: z.string(),
  /** 'stripe': mount Stripe's Payment Element with `publishableKey`; 'local': the local test-mode card form. */
  provider: z.enum(['stripe', 'local']),
  publishableKey: z.string().nullable(),
});

export const CancelSubscriptionResult = z.object({
  cancelAtPeriodEnd: z.literal(true),
  /** The paid period still runs until then. */
  endsAt: z.string(),
  message: z.string(),
});

/** Stripe's test cards: the numbers the local payment provider knows (docs/product.md, "Premium"). */
export const LOCAL_TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  requiresAction: '4000002500003155',
} as const;

const digits = (s: string) => s.replace(/[\s-]/g, '');

/** The local payment provider's card form (test mode only; 404 when a Stripe key is configured). */
export const LocalConfirmBody = z.strictObject({
  clientSecret: z.string().min(1).max(200),
  cardNumber: z.string().trim().transform(digits).pipe(z.string().regex(/^\d{12,19}$/, 'Your card number is incomplete.')),
  expMonth: z.number({ message: "Your card's expiration month is invalid." }).int().min(1, "Your card's expiration month is invalid.").max(12, "Your card's expiration month is invalid."),
  expYear: z.number({ message: "Your card's expiration year is invalid." }).int().min(2000, "Your card's expiration year is invalid.").max(2100, "Your card's expiration year is invalid."),
  cvc: z.string().trim().regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
  /** The answer to a confirmation step ('requires_action'): the member completed or failed it. */
  authentication: z.enum(['complete', 'fail']).optional(),
});

export const LocalConfirmResult = z.object({
  /** 'requires_action': show the confirmation step, then confirm again with `authentication`. */
  status: z.enum(['succeeded', 'requires_action']),
});

export const WebhookAck = z.object({ received: z.literal(true), duplicate: z.boolean() });
