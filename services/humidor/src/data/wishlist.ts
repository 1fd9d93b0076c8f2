import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, isConditionFailure, TABLE } from '@torcedor/service-kit/ddb';
import { notFound } from '@torcedor/service-kit/errors';
import { queryAll } from '@torcedor/service-kit/items';
import { transact } from '@torcedor/service-kit/transactions';
import { HumidorItem, WishlistItem } from '@torcedor/shared/schemas/humidor';
import type { z } from 'zod';
import type { CigarView } from './catalog.ts';
import { countsUpdate, getItem, limitReached, newItemRecord, type Item } from './items.ts';
import { countsChanged } from './counts.ts';
import { keys } from './keys.ts';

export type Wish = z.infer<typeof WishlistItem>;

/** AP: the member's wishlist, highest priority first, then oldest. */
export async function listWishes(userId: string): Promise<Wish[]> {
  const raw = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': keys.member(userId), ':sk': keys.wishPrefix },
  });
  return raw.map((r) => WishlistItem.parse(r)).sort((a, b) => b.priority - a.priority || a.createdAt.localeCompare(b.createdAt));
}

async function getWish(userId: string, wishId: string): Promise<Wish | null> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.wish(userId, wishId), ConsistentRead: true }));
  return out.Item ? WishlistItem.parse(out.Item) : null;
}

/** AP: add a wishlist entry and count it. */
export async function addWish(userId: string, cigar: CigarView, priority: number, notes: string | null, id: string = randomUUID()): Promise<Wish> {
  const record = {
    ...keys.wish(userId, id), id, cigarId: cigar.id, brandName: cigar.brandName, cigarName: cigar.name, cigarVitola: cigar.vitola,
    priority, notes, createdAt: new Date().toISOString(),
  };
  const r = await transact({
    counts: countsUpdate(userId, { sticks: 0, items: 0, wishes: 1 }, null),
    wish: { Put: { TableName: TABLE, Item: record, ConditionExpression: 'attribute_not_exists(PK)' } },
    event: countsChanged(userId),
  });
  // Only an id from an Idempotency-Key can exist already: the rerun of a request whose write landed.
  if (!r.ok) return (await getWish(userId, id)) ?? Promise.reject(new Error('wishlist entry condition failed without an entry'));
  return WishlistItem.parse(record);
}

/** AP: change an entry's priority and notes. */
export async function updateWish(userId: string, wishId: string, priority: number, notes: string | null): Promise<Wish> {
  try {
    const out = await ddb.send(new UpdateCommand({
      TableName: TABLE, Key: keys.wish(userId, wishId), UpdateExpression: 'SET priority = :p, notes = :n',
      ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':p': priority, ':n': notes }, ReturnValues: 'ALL_NEW',
    }));
    return WishlistItem.parse(out.Attributes);
  } catch (err) {
    if (isConditionFailure(err)) throw notFound('Wishlist entry not found');
    throw err;
  }
}

/** AP: remove an entry and uncount it (once: the delete is conditioned on the entry existing). */
export async function deleteWish(userId: string, wishId: string): Promise<void> {
  const r = await transact({
    wish: { Delete: { TableName: TABLE, Key: keys.wish(userId, wishId), ConditionExpression: 'attribute_exists(PK)' } },
    counts: countsUpdate(userId, { sticks: 0, items: 0, wishes: -1 }, null),
    event: countsChanged(userId),
  });
  if (!r.ok) throw notFound('Wishlist entry not found');
}

/** AP: move an entry into the humidor in one transaction (within the cap). */
export async function moveWish(userId: string, wishId: string, quantity: number, cigar: (id: string) => Promise<CigarView | null>, cap: number | null, itemId?: string): Promise<Item> {
  const wish = await getWish(userId, wishId);
  if (!wish) {
    // The rerun of a keyed move whose write landed finds the item it made.
    const moved = itemId ? await getItem(userId, itemId) : null;
    if (moved) return moved;
    throw notFound('Wishlist entry not found');
  }
  if (cap !== null && quantity > cap) throw limitReached();
  const c = await cigar(wish.cigarId);
  if (!c) throw notFound('That cigar is no longer in the catalog');
  const record = newItemRecord(userId, c, { quantity, location: null, status: 'owned', notes: wish.notes, pricePaid: null, boxDate: null, currentPrice: null, readyOn: null }, itemId);
  const r = await transact({
    counts: countsUpdate(userId, { sticks: quantity, items: 1, wishes: -1 }, cap),
    item: { Put: { TableName: TABLE, Item: record, ConditionExpression: 'attribute_not_exists(PK)' } },
    wish: { Delete: { TableName: TABLE, Key: keys.wish(userId, wishId), ConditionExpression: 'attribute_exists(PK)' } },
    event: countsChanged(userId),
  });
  if (!r.ok) {
    if (r.failed.includes('wish')) throw notFound('Wishlist entry not found');
    throw limitReached();
  }
  return HumidorItem.parse(record);
}
