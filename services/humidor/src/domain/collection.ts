import { FREE_HUMIDOR_CAP } from '@torcedor/shared/constants';
import { isUnlimited } from '@torcedor/shared/entitlement';
import type { Entitlement } from '@torcedor/shared/schemas/identity';
import type { ConditionReading, HumidorItem, Strength, WishlistItem } from '@torcedor/shared/schemas/humidor';
import type { z } from 'zod';

/** A humidor item as the API answers it. */
export type Item = HumidorItem;
/**
 * What the member sets on an item (the cigar's fields are copied from the catalog, its rating is read with it); its
 * photos (served URLs of registered uploads) are none unless given.
 */
export type ItemFields = Omit<Item,
  | 'id' | 'cigarId' | 'createdAt' | 'brandName' | 'cigarName' | 'brandCountry' | 'cigarVitola' | 'cigarLength' | 'cigarRingGauge'
  | 'cigarStrength' | 'cigarImageUrl' | 'cigarWrapper' | 'photos' | 'averageRating' | 'reviewCount'> & { photos?: string[] };

/**
 * An item's photos after an edit (docs/architecture.md, "Uploads"): `next` in order, where every photo not just
 * `added` (registered by this edit) must be one the item has; the item's photos left out are `removed` (their objects
 * are deleted). Null when `next` keeps a photo the item does not have.
 */
export function editPhotos(current: readonly string[], next: readonly string[], added: readonly string[]): { photos: string[]; removed: string[] } | null {
  if (next.some((p) => !added.includes(p) && !current.includes(p))) return null;
  return { photos: [...next], removed: current.filter((p) => !next.includes(p)) };
}

/** What the community adds to a row's cigar, and the catalog fields its illustration is drawn from. */
export type CigarCard = { averageRating: number | null; reviewCount: number; wrapper: string; length: number; ringGauge: number };

/** A humidor item with its cigar's rating as it is now (and its wrapper, for items stored before it was kept). */
export const itemWithCard = (item: Item, card: CigarCard | undefined): Item => (card
  ? { ...item, averageRating: card.averageRating, reviewCount: card.reviewCount, cigarWrapper: item.cigarWrapper ?? card.wrapper }
  : item);

/** A wishlist entry with its cigar's rating as it is now and the catalog fields its illustration is drawn from. */
export const wishWithCard = (wish: Wish, card: CigarCard | undefined): Wish => (card
  ? { ...wish, averageRating: card.averageRating, reviewCount: card.reviewCount, cigarWrapper: card.wrapper, cigarLength: card.length, cigarRingGauge: card.ringGauge }
  : wish);
/** A stored item: the item and its version (1 when added, +1 per change; absent on items stored before it). */
export type StoredItem = Omit<Item, 'averageRating' | 'reviewCount'> & { version?: number };

/** A wishlist entry as the API answers it. */
export type Wish = z.infer<typeof WishlistItem>;
export type CigarStrength = z.infer<typeof Strength>;
/** A stored wishlist entry: the entry, its cigar's strength (absent on older entries) and its version. */
export type StoredWish = Omit<Wish, 'averageRating' | 'reviewCount'> & { cigarStrength?: CigarStrength | null; version?: number };

/** A humidity/temperature reading. */
export type Reading = z.infer<typeof ConditionReading>;

/** The member's totals: sticks (sum of quantities), items, wishes, and their version. */
export type Counts = { sticks: number; items: number; wishes: number; version: number };

/** The most cigars (sum of quantities) a member may hold: null means no cap. */
export const humidorCap = (e: Entitlement | null, now: Date): number | null => (isUnlimited(e, now) ? null : FREE_HUMIDOR_CAP);

/** Whether `sticks` cigars alone are more than the cap lets a member hold. */
export const beyondCap = (sticks: number, cap: number | null) => cap !== null && sticks > cap;

export const HUMIDOR_LIMIT_MESSAGE = `Free members can keep up to ${FREE_HUMIDOR_CAP} cigars in the humidor. Upgrade to Premium for an unlimited humidor.`;
