import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, isConditionFailure } from '@torcedor/service-kit/ddb';
import { write } from '@torcedor/service-kit/entity';
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
  const { Update } = localSubscriptions.update(id, patch, { ifExists: true });
  try {
    const out = await ddb.send(new UpdateCommand({ ...(Update as ConstructorParameters<typeof UpdateCommand>[0]), ReturnValues: 'ALL_NEW' }));
    return out.Attributes as LocalSubscription;
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}
