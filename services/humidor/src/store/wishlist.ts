import { randomUUID } from 'node:crypto';
import { queryAll } from '@torcedor/service-kit/items';
import { RACED, retryOnRace } from '@torcedor/service-kit/race';
import { transact, type TransactPart } from '@torcedor/service-kit/transactions';
import { HumidorItem, WishlistItem } from '@torcedor/shared/schemas/humidor';
import type { CigarView } from '../domain/catalog.ts';
import { beyondCap, type CigarStrength, type Item, type Wish } from '../domain/collection.ts';
import { getCigar } from './catalog.ts';
import { countsChanged, countsUpdate } from './counts.ts';
import { sameVersion, strengthOf, versionOf, wishChanged } from './item-events.ts';
import { wishes } from './entities.ts';
import { getItem, LIMIT, newItemParts, newItemRecord } from './items.ts';
import { keys } from './keys.ts';

/** AP: the member's wishlist, highest priority first, then oldest. */
export async function listWishes(userId: string): Promise<Wish[]> {
  const raw = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': keys.member(userId), ':sk': keys.wishPrefix },
  });
  return raw.map((r) => WishlistItem.parse(r)).sort((a, b) => b.priority - a.priority || a.createdAt.localeCompare(b.createdAt));
}

/** One entry with its version and cigar strength (consistent read), for a write conditioned on that version. */
async function readWish(userId: string, wishId: string): Promise<{ wish: Wish; version: number; strength: CigarStrength | null } | undefined> {
  const raw = await wishes.get([userId, wishId]);
  return raw ? { wish: WishlistItem.parse(raw), version: versionOf(raw), strength: strengthOf(raw) } : undefined;
}

/** AP: add a wishlist entry (version 1) and count it. */
export async function addWish(userId: string, cigar: CigarView, priority: number, notes: string | null, id: string = randomUUID()): Promise<Wish> {
  const record = {
    id, cigarId: cigar.id, brandName: cigar.brandName, cigarName: cigar.name, cigarVitola: cigar.vitola,
    cigarLength: cigar.length, cigarRingGauge: cigar.ringGauge, cigarWrapper: cigar.wrapper,
    cigarStrength: cigar.strength, priority, notes, createdAt: new Date().toISOString(), version: 1,
  };
  const wish = WishlistItem.parse(record);
  const r = await transact({
    counts: countsUpdate(userId, { sticks: 0, items: 0, wishes: 1 }, null),
    wish: wishes.put([userId, id], record, { ifAbsent: true }),
    event: countsChanged(userId),
    wishEvent: wishChanged(userId, wish, cigar.strength, 1),
  });
  if (r.ok) return wish;
  // Only an id from an Idempotency-Key can exist already: the rerun of a request whose write landed.
  const landed = await readWish(userId, id);
  if (!landed) throw new Error('wishlist entry condition failed without an entry');
  return landed.wish;
}

/**
 * AP: change an entry's priority and notes (conditioned on the version read; a concurrent change is read and decided
 * again). Undefined when the member has no such entry.
 */
export async function updateWish(userId: string, wishId: string, priority: number, notes: string | null): Promise<Wish | undefined> {
  return retryOnRace('wishlist entry update', async () => {
    const read = await readWish(userId, wishId);
    if (!read) return undefined;
    const same = sameVersion(read.version);
    const r = await transact({
      wish: wishes.update([userId, wishId], { priority, notes, version: read.version + 1 }, {
        ifExists: true, ConditionExpression: same.condition, ExpressionAttributeValues: same.values,
      }),
      wishEvent: wishChanged(userId, { ...read.wish, priority, notes }, read.strength, read.version + 1),
    });
    return r.ok ? { ...read.wish, priority, notes } : RACED;
  });
}

/** The delete of an entry, conditioned on it still having the version it was read with. */
function wishDelete(userId: string, wishId: string, version: number): TransactPart {
  const same = sameVersion(version);
  return wishes.remove([userId, wishId], {
    ConditionExpression: `attribute_exists(PK) AND ${same.condition}`,
    ...(version > 0 ? { ExpressionAttributeValues: same.values } : {}),
  });
}

/**
 * AP: remove an entry and uncount it (once: the delete is conditioned on the version read); announces the next
 * version. False when the member has no such entry.
 */
export async function deleteWish(userId: string, wishId: string): Promise<boolean> {
  return retryOnRace('wishlist entry removal', async () => {
    const read = await readWish(userId, wishId);
    if (!read) return false;
    const r = await transact({
      wish: wishDelete(userId, wishId, read.version),
      counts: countsUpdate(userId, { sticks: 0, items: 0, wishes: -1 }, null),
      event: countsChanged(userId),
      wishEvent: wishChanged(userId, read.wish, read.strength, read.version + 1, true),
    });
    return r.ok ? true : RACED;
  });
}

export type Moved = { ok: true; item: Item } | { ok: false; reason: 'not-found' | 'cigar-gone' | 'limit' };

/**
 * AP: move an entry into the humidor in one transaction (within the cap): the entry's removal and the new item are
 * both announced. The entry must still have the version it was read with (a concurrent edit is read again). With an
 * item id from an Idempotency-Key, the rerun of a move whose write landed answers the item it made.
 */
export async function moveWish(userId: string, wishId: string, quantity: number, cap: number | null, itemId?: string): Promise<Moved> {
  return retryOnRace<Moved>('wishlist move', async () => {
    const read = await readWish(userId, wishId);
    if (!read) {
      const moved = itemId ? await getItem(userId, itemId) : undefined;
      return moved ? { ok: true, item: moved } : { ok: false, reason: 'not-found' };
    }
    const { wish, version, strength } = read;
    if (beyondCap(quantity, cap)) return LIMIT;
    const cigar = await getCigar(wish.cigarId);
    if (!cigar) return { ok: false, reason: 'cigar-gone' };
    const record = newItemRecord(cigar, { quantity, location: null, status: 'owned', notes: wish.notes, pricePaid: null, boxDate: null, currentPrice: null, readyOn: null }, itemId);
    const created = newItemParts(userId, record);
    const r = await transact({
      counts: countsUpdate(userId, { sticks: quantity, items: 1, wishes: -1 }, cap),
      item: created.put,
      wish: wishDelete(userId, wishId, version),
      event: countsChanged(userId),
      itemEvent: created.event,
      wishEvent: wishChanged(userId, wish, strength, version + 1, true),
    });
    if (r.ok) return { ok: true, item: HumidorItem.parse(record) };
    // The entry changed or went since it was read: read it again (gone: not found, or the keyed rerun's item).
    return r.failed.includes('wish') ? RACED : LIMIT;
  });
}
