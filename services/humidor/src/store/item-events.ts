import { eventPart } from '@torcedor/service-kit/outbox';
import type { TransactPart } from '@torcedor/service-kit/transactions';
import { Strength } from '@torcedor/shared/schemas/humidor';
import type { CigarStrength, Item, Wish } from '../domain/collection.ts';

/**
 * CollectionItemChanged (see ../../README.md): every write of a humidor item or a wishlist entry records one, in
 * the write's own transaction (the kit's outbox), with the whole item and the item's `version`. The version is an
 * attribute of the item: 1 when it is created, one more with each change (the write is conditioned on the version
 * it read, so no two changes announce the same one), and a removal announces the next version with
 * `removed: true`, so a consumer keeping the newest version never brings a removed item back.
 */

/** An item's version as stored; items written before versions were kept count as 0. */
export const versionOf = (raw: { version?: unknown }): number => Number(raw.version ?? 0);

/** The condition that the item still has the version it was read with (`:ver`), to spread into a write. */
export const sameVersion = (version: number) => (version > 0
  ? { condition: 'version = :ver', values: { ':ver': version } }
  : { condition: 'attribute_not_exists(version)', values: {} });

/** A wishlist entry's cigar strength as stored (entries written before it was kept have none). */
export const strengthOf = (raw: { cigarStrength?: unknown }): CigarStrength | null => Strength.safeParse(raw.cigarStrength).data ?? null;

/** The event part of a humidor item at `version` (its last state, when `removed`). */
export function humidorItemChanged(userId: string, item: Item, version: number, removed = false): TransactPart {
  return eventPart('CollectionItemChanged', {
    userId, itemId: item.id, list: 'humidor', version, removed,
    cigarId: item.cigarId, brandName: item.brandName, cigarName: item.cigarName, cigarVitola: item.cigarVitola, cigarStrength: item.cigarStrength,
    quantity: item.quantity, status: item.status, boxDate: item.boxDate, pricePaid: item.pricePaid, priority: null, createdAt: item.createdAt,
  });
}

/** The event part of a wishlist entry at `version` (its last state, when `removed`). */
export function wishChanged(userId: string, wish: Wish, strength: CigarStrength | null, version: number, removed = false): TransactPart {
  return eventPart('CollectionItemChanged', {
    userId, itemId: wish.id, list: 'wishlist', version, removed,
    cigarId: wish.cigarId, brandName: wish.brandName, cigarName: wish.cigarName, cigarVitola: wish.cigarVitola, cigarStrength: strength,
    quantity: null, status: null, boxDate: null, pricePaid: null, priority: wish.priority, createdAt: wish.createdAt,
  });
}
