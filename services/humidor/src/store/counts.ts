import { TABLE } from '@torcedor/service-kit/ddb';
import { registerRenderer, stateEventPart } from '@torcedor/service-kit/outbox';
import type { TransactPart } from '@torcedor/service-kit/transactions';
import type { Counts } from '../domain/collection.ts';
import { memberCounts } from './entities.ts';

/** AP: the member's totals (consistent). */
export async function readCounts(userId: string): Promise<Counts> {
  const i = (await memberCounts.get(userId)) ?? {};
  return { sticks: Number(i.sticks ?? 0), items: Number(i.items ?? 0), wishes: Number(i.wishes ?? 0), version: Number(i.version ?? 0) };
}

/**
 * The counts update of a change of `sticks` cigars (and `items` items, `wishes` wishes), and one more version. With a
 * cap, an increase is conditioned on staying within it: the transaction is then exact under concurrency.
 */
export function countsUpdate(userId: string, d: { sticks: number; items: number; wishes: number }, cap: number | null): TransactPart {
  const guarded = cap !== null && d.sticks > 0;
  return {
    Update: {
      TableName: TABLE,
      Key: memberCounts.key(userId),
      // ADD starts a missing number at 0.
      UpdateExpression: 'ADD sticks :s, #items :i, wishes :w, version :one',
      ExpressionAttributeNames: { '#items': 'items' },
      ExpressionAttributeValues: { ':one': 1, ':s': d.sticks, ':i': d.items, ':w': d.wishes, ...(guarded ? { ':room': cap - d.sticks } : {}) },
      ...(guarded ? { ConditionExpression: 'attribute_not_exists(sticks) OR sticks <= :room' } : {}),
    },
  };
}

/**
 * The CollectionCountsChanged event of a transaction that changes the member's totals: recorded in that
 * transaction (the kit's outbox), and published with the totals as they are then (identity keeps the newest
 * version), so a change and its announcement are never split.
 */
export const countsChanged = (userId: string) => stateEventPart('CollectionCountsChanged', 'counts', userId);

registerRenderer('counts', async (userId) => {
  const c = await readCounts(userId);
  return { userId, version: c.version, humidorCount: c.sticks, humidorItems: c.items, wishlistCount: c.wishes };
});
