import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';
import { registerRenderer, stateEventPart } from '@torcedor/service-kit/outbox';
import { keys } from './keys.ts';

export interface Counts { sticks: number; items: number; wishes: number; version: number }

/** AP: the member's totals (consistent). */
export async function readCounts(userId: string): Promise<Counts> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.counts(userId), ConsistentRead: true }));
  const i = out.Item ?? {};
  return { sticks: Number(i.sticks ?? 0), items: Number(i.items ?? 0), wishes: Number(i.wishes ?? 0), version: Number(i.version ?? 0) };
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
