import { TABLE } from '@torcedor/service-kit/ddb';
import { setExpression } from '@torcedor/service-kit/items';
import { registerRenderer, stateEventPart } from '@torcedor/service-kit/outbox';
import type { TransactPart } from '@torcedor/service-kit/transactions';
import { toCounts, type Counts } from '../domain/members.ts';
import { totals } from './entities.ts';

/** AP: a member's totals (consistent read). */
export async function readCounts(userId: string): Promise<Counts> {
  return toCounts(await totals.get(userId));
}

/**
 * The transaction parts that move one of a member's totals by `delta` and announce the new totals: the
 * version grows in the same write, and SocialCountsChanged is rendered from the item when it is published,
 * so identity keeps the newest totals whatever the order it receives them in.
 */
export function countParts(userId: string, field: 'followersCount' | 'followingCount' | 'reviewsCount', delta: 1 | -1): TransactPart[] {
  const set = setExpression({ userId }, { ':d': delta, ':one': 1 });
  return [
    {
      Update: {
        TableName: TABLE, Key: totals.key(userId), ...set,
        UpdateExpression: `${set.UpdateExpression} ADD #f :d, version :one`,
        ExpressionAttributeNames: { ...set.ExpressionAttributeNames, '#f': field },
      },
    },
    stateEventPart('SocialCountsChanged', 'social-counts', userId),
  ];
}

registerRenderer('social-counts', async (userId) => {
  const item = await totals.get(userId);
  if (!item) return null;
  const c = toCounts(item);
  return { userId, version: c.version, followersCount: c.followersCount, followingCount: c.followingCount, reviewsCount: c.reviewsCount };
});
