import type { RouteHandler } from '@torcedor/service-kit/http';
import { logger } from '@torcedor/service-kit/logger';
import { isDeleted } from '@torcedor/service-kit/revocation';
import type { Routes } from '@torcedor/shared/routes';
import type { ProviderEvent } from '../domain/types.ts';
import { paymentProvider } from '../providers/index.ts';
import { findSubscriptionOwner, isEventProcessed, markEventProcessed } from '../store/subscriptions.ts';
import { syncSubscription } from './sync.ts';

/**
 * A verified webhook event: the subscription it names is re-read from the provider and applied (never the event's
 * own copy, so order does not matter), with the event id's marker in the same transaction (so a repeat is a no-op).
 */
async function handleProviderEvent(event: ProviderEvent): Promise<{ duplicate: boolean }> {
  if (await isEventProcessed(event.id)) return { duplicate: true };
  if (!event.subscriptionId) return { duplicate: (await markEventProcessed(event.id, null)) === 'duplicate' };
  let userId = await findSubscriptionOwner(event.subscriptionId);
  if (!userId) userId = (await (await paymentProvider()).retrieveSubscription(event.subscriptionId))?.userId ?? null;
  // A deleted member's subscription was canceled at the provider before their data went: nothing to keep.
  if (userId && (await isDeleted(userId))) userId = null;
  if (!userId) {
    logger.info('webhook about a subscription of no member', { eventId: event.id, type: event.type, subscriptionId: event.subscriptionId });
    return { duplicate: (await markEventProcessed(event.id, null)) === 'duplicate' };
  }
  const { outcome } = await syncSubscription(userId, event.subscriptionId, event.id);
  return { duplicate: outcome === 'duplicate' };
}

/** The provider's webhook: its signature verified on the raw body, then the event applied once. */
export const billingWebhook: RouteHandler<Routes['billingWebhook']> = async ({ rawBody, event }) => {
  const verified = await (await paymentProvider()).verifyWebhook(rawBody, event.headers['stripe-signature']);
  const { duplicate } = await handleProviderEvent(verified);
  return { received: true as const, duplicate };
};
