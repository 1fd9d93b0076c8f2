import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';
import { registerRenderer, stateEventPart } from '@torcedor/service-kit/outbox';
import type { TransactPart } from '@torcedor/service-kit/transactions';
import { keys } from './keys.ts';

export interface Counts { followersCount: number; followingCount: number; reviewsCount: number; version: number; celebrity: boolean }

const toCounts = (i: Record<string, unknown> | undefined): Counts => ({
  followersCount: Number(i?.followersCount ?? 0), followingCount: Number(i?.followingCount ?? 0),
  reviewsCount: Number(i?.reviewsCount ?? 0), version: Number(i?.version ?? 0), celebrity: i?.celebrity === true,
});
export { toCounts };

/** AP: a member's totals (consistent read). */
export async function readCounts(userId: string): Promise<Counts> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.counts(userId), ConsistentRead: true }));
  return toCounts(out.Item);
}

/**
 * The transaction parts that move one of a member's totals by `delta` and announce the new totals: the
 * version grows in the same write, and SocialCountsChanged is rendered from the item when it is published,
 * so identity keeps the newest totals whatever the order it receives them in.
 */
export function countParts(userId: string, field: 'followersCount' | 'followingCount' | 'reviewsCount', delta: 1 | -1): TransactPart[] {
  return [
    {
      Update: {
        TableName: TABLE, Key: keys.counts(userId),
        UpdateExpression: 'SET userId = :u ADD #f :d, version :one',
        ExpressionAttributeNames: { '#f': field },
        ExpressionAttributeValues: { ':u': userId, ':d': delta, ':one': 1 },
      },
    },
    stateEventPart('SocialCountsChanged', 'social-counts', userId),
  ];
}

registerRenderer('social-counts', async (userId) => {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.counts(userId), ConsistentRead: true }));
  if (!out.Item) return null;
  const c = toCounts(out.Item);
  return { userId, version: c.version, followersCount: c.followersCount, followingCount: c.followingCount, reviewsCount: c.reviewsCount };
});
