import { updateReturning, write } from '@torcedor/service-kit/entity';
import type { LocalSubscription } from '../domain/types.ts';
import { localSubscriptions } from './entities.ts';

/**
 * The local provider's subscriptions (providers/local.ts), kept in billing's table under their own keys as Stripe
 * keeps them on its side. Never used with Stripe.
 */

/** AP: a local subscription, or undefined. */
export const getLocalSubscription = (id: string): Promise<LocalSubscription | undefined> => localSubscriptions.get(id);

/** AP: store a new local subscription once: false when one with its id (its idempotency key) exists already. */
export const createLocalSubscription = (sub: LocalSubscription): Promise<boolean> =>
  write(localSubscriptions.put(sub.id, sub, { ifAbsent: true }));

/** AP: change some fields of an existing local subscription: the subscription after the change, or undefined when there is none. */
export async function updateLocalSubscription(id: string, patch: Partial<LocalSubscription>): Promise<LocalSubscription | undefined> {
  return updateReturning<LocalSubscription>(localSubscriptions.update(id, patch, { ifExists: true }));
}
