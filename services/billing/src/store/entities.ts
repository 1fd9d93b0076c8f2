import { entity } from '@torcedor/service-kit/entity';
import type { LocalSubscription, SubscriptionItem, SubscriptionRefItem, WebhookEventItem } from '../domain/types.ts';
import { keys } from './keys.ts';

/** Billing's entities, each declared once (../../README.md, the entity table). */

/** A member's subscription state, by member id. */
export const subscriptions = entity<SubscriptionItem>({ name: 'subscription', key: keys.subscription });
/** The member a provider subscription belongs to, by subscription id. */
export const subscriptionRefs = entity<SubscriptionRefItem>({ name: 'subscriptionRef', key: keys.subscriptionRef });
/** A processed webhook event's marker, by event id. */
export const webhookEvents = entity<WebhookEventItem>({ name: 'webhookEvent', key: keys.webhookEvent });
/** The local provider's subscription, by subscription id. */
export const localSubscriptions = entity<LocalSubscription>({ name: 'localSubscription', key: keys.localSubscription });
