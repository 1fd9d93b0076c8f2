import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';
import { notFound } from '@torcedor/service-kit/errors';
import { queryAll } from '@torcedor/service-kit/items';
import { transact } from '@torcedor/service-kit/transactions';
import { HumidorItem, WishlistItem } from '@torcedor/shared/schemas/humidor';
import type { z } from 'zod';
import type { CigarView } from './catalog.ts';
import { countsUpdate, getItem, limitReached, newItemParts, newItemRecord, type Item } from './items.ts';
import { countsChanged } from './counts.ts';
import { sameVersion, strengthOf, versionOf, wishChanged } from './item-events.ts';
import { keys } from './keys.ts';

export type Wish = z.infer<typeof WishlistItem>;
type Strength = ReturnType<typeof strengthOf>;

/** AP: the member's wishlist, highest priority first, then oldest. */
export async function listWishes(userId: string): Promise<Wish[]> {
  const raw = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': keys.member(userId), ':sk': keys.wishPrefix },
  });
  return raw.map((r) => WishlistItem.parse(r)).sort((a, b) => b.priority - a.priority || a.createdAt.localeCompare(b.createdAt));
}

/** One entry with its version and cigar strength (consistent read), for a write conditioned on that version. */
async function readWish(userId: string, wishId: string): Promise<{ wish: Wish; version: number; strength: Strength } | null> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.wish(userId, wishId), ConsistentRead: true }));
  return out.Item ? { wish: WishlistItem.parse(out.Item), version: versionOf(out.Item), strength: strengthOf(out.Item) } : null;
}

/** AP: add a wishlist entry (version 1) and count it. */
export async function addWish(userId: string, cigar: CigarView, priority: number, notes: string | null, id: string = randomUUID()): Promise<Wish> {
  const record = {
    ...keys.wish(userId, id), id, cigarId: cigar.id, brandName: cigar.brandName, cigarName: cigar.name, cigarVitola: cigar.vitola,
    cigarStrength: cigar.strength, priority, notes, createdAt: new Date().toISOString(), version: 1,
  };
  const wish = WishlistItem.parse(record);
  const r = await transact({
    counts: countsUpdate(userId, { sticks: 0, items: 0, wishes: 1 }, null),
    wish: { Put: { TableName: TABLE, Item: record, ConditionExpression: 'attribute_not_exists(PK)' } },
    event: countsChanged(userId),
    wishEvent: wishChanged(userId, wish, cigar.strength, 1),
  });
  // Only an id from an Idempotency-Key can exist already: the rerun of a request whose write landed.
  if (!r.ok) return (await readWish(userId, id))?.wish ?? Promise.reject(new Error('wishlist entry condition failed without an entry'));
  return wish;
}

/** AP: change an entry's priority and notes (conditioned on the version read; a concurrent change is re-read). */
export async function updateWish(userId: string, wishId: string, priority: number, notes: string | null): Promise<Wish> {
  for (;;) {
    const read = await readWish(userId, wishId);
    if (!read) throw notFound('Wishlist entry not found');
    const next = { ...read.wish, priority, notes };
    const same = sameVersion(read.version);
    const r = await transact({
      wish: {
        Update: {
          TableName: TABLE, Key: keys.wish(userId, wishId), UpdateExpression: 'SET priority = :p, notes = :n, version = :next',
          ConditionExpression: `attribute_exists(PK) AND ${same.condition}`,
          ExpressionAttributeValues: { ':p': priority, ':n': notes, ':next': read.version + 1, ...same.values },
        },
      },
      wishEvent: wishChanged(userId, next, read.strength, read.version + 1),
    });
    if (r.ok) return next;
  }
}

/** The delete of an entry, conditioned on it still having the version it was read with. */
function wishDelete(userId: string, wishId: string, version: number) {
  const same = sameVersion(version);
  return {
    Delete: {
      TableName: TABLE, Key: keys.wish(userId, wishId), ConditionExpression: `attribute_exists(PK) AND ${same.condition}`,
      ...(version > 0 ? { ExpressionAttributeValues: same.values } : {}),
    },
  };
}

/** AP: remove an entry and uncount it (once: the delete is conditioned on the version read); announces the next version. */
export async function deleteWish(userId: string, wishId: string): Promise<void> {
  for (;;) {
    const read = await readWish(userId, wishId);
    if (!read) throw notFound('Wishlist entry not found');
    const r = await transact({
      wish: wishDelete(userId, wishId, read.version),
      counts: countsUpdate(userId, { sticks: 0, items: 0, wishes: -1 }, null),
      event: countsChanged(userId),
      wishEvent: wishChanged(userId, read.wish, read.strength, read.version + 1, true),
    });
    if (r.ok) return;
  }
}

/**
 * AP: move an entry into the humidor in one transaction (within the cap): the entry's removal and the new item are
 * both announced. The entry must still have the version it was read with (a concurrent edit is re-read).
 */
export async function moveWish(userId: string, wishId: string, quantity: number, cigar: (id: string) => Promise<CigarView | null>, cap: number | null, itemId?: string): Promise<Item> {
  for (;;) {
    const read = await readWish(userId, wishId);
    if (!read) {
      // The rerun of a keyed move whose write landed finds the item it made.
      const moved = itemId ? await getItem(userId, itemId) : null;
      if (moved) return moved;
      throw notFound('Wishlist entry not found');
    }
    const { wish, version, strength } = read;
    if (cap !== null && quantity > cap) throw limitReached();
    const c = await cigar(wish.cigarId);
    if (!c) throw notFound('That cigar is no longer in the catalog');
    const record = newItemRecord(userId, c, { quantity, location: null, status: 'owned', notes: wish.notes, pricePaid: null, boxDate: null, currentPrice: null, readyOn: null }, itemId);
    const created = newItemParts(userId, record);
    const r = await transact({
      counts: countsUpdate(userId, { sticks: quantity, items: 1, wishes: -1 }, cap),
      item: created.put,
      wish: wishDelete(userId, wishId, version),
      event: countsChanged(userId),
      itemEvent: created.event,
      wishEvent: wishChanged(userId, wish, strength, version + 1, true),
    });
    if (r.ok) return HumidorItem.parse(record);
    // The entry changed or went since it was read: read it again (gone: not found, or the keyed rerun's item).
    if (r.failed.includes('wish')) continue;
    throw limitReached();
  }
}
