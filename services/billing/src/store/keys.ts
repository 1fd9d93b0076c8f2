import { memberPK } from '@torcedor/service-kit/ddb';

/** Keys as data for the billing table (../../README.md lists the entities and access patterns). */
export const keys = {
  subscription: (userId: string) => ({ PK: memberPK(userId), SK: 'SUBSCRIPTION' }),
  /** Which member a provider subscription belongs to (webhooks name the subscription, not the member). */
  subscriptionRef: (subscriptionId: string) => ({ PK: `SUBREF#${subscriptionId}`, SK: 'SUBREF' }),
  /** A processed webhook event: its id, kept WEBHOOK_EVENT_TTL_DAYS, so a redelivery changes nothing. */
  webhookEvent: (eventId: string) => ({ PK: `WEBHOOK#${eventId}`, SK: 'WEBHOOK' }),
  /** The local provider's own record of a subscription (providers/local.ts; never used with Stripe). */
  localSubscription: (subscriptionId: string) => ({ PK: `LOCALPAY#${subscriptionId}`, SK: 'SUBSCRIPTION' }),
};
