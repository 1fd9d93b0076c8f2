import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';
import { publish } from '@torcedor/service-kit/events';
import { keys } from './keys.ts';

export interface Counts { sticks: number; items: number; wishes: number; version: number }

/** AP: the member's totals (consistent). */
export async function readCounts(userId: string): Promise<Counts> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.counts(userId), ConsistentRead: true }));
  const i = out.Item ?? {};
  return { sticks: Number(i.sticks ?? 0), items: Number(i.items ?? 0), wishes: Number(i.wishes ?? 0), version: Number(i.version ?? 0) };
}

/** Announces the member's current totals; identity keeps the newest version. */
export async function announceCounts(userId: string): Promise<void> {
  const c = await readCounts(userId);
  await publish('CollectionCountsChanged', { userId, version: c.version, humidorCount: c.sticks, humidorItems: c.items, wishlistCount: c.wishes });
}
