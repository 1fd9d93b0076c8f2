import { FREE_HUMIDOR_CAP } from '@torcedor/shared/constants';
import { isUnlimited } from '@torcedor/shared/entitlement';
import type { Entitlement } from '@torcedor/shared/schemas/identity';
import type { ConditionReading, HumidorItem, Strength, WishlistItem } from '@torcedor/shared/schemas/humidor';
import type { z } from 'zod';

/** A humidor item as the API answers it. */
export type Item = HumidorItem;
/** What the member sets on an item (the cigar's fields are copied from the catalog). */
export type ItemFields = Omit<Item, 'id' | 'cigarId' | 'createdAt' | 'brandName' | 'cigarName' | 'brandCountry' | 'cigarVitola' | 'cigarLength' | 'cigarRingGauge' | 'cigarStrength' | 'cigarImageUrl'>;
/** A stored item: the item and its version (1 when added, +1 per change; absent on items stored before it). */
export type StoredItem = Item & { version?: number };

/** A wishlist entry as the API answers it. */
export type Wish = z.infer<typeof WishlistItem>;
export type CigarStrength = z.infer<typeof Strength>;
/** A stored wishlist entry: the entry, its cigar's strength (absent on older entries) and its version. */
export type StoredWish = Wish & { cigarStrength?: CigarStrength | null; version?: number };

/** A humidity/temperature reading. */
export type Reading = z.infer<typeof ConditionReading>;

/** The member's totals: sticks (sum of quantities), items, wishes, and their version. */
export type Counts = { sticks: number; items: number; wishes: number; version: number };

/** The most cigars (sum of quantities) a member may hold: null means no cap. */
export const humidorCap = (e: Entitlement | null, now: Date): number | null => (isUnlimited(e, now) ? null : FREE_HUMIDOR_CAP);

/** Whether `sticks` cigars alone are more than the cap lets a member hold. */
export const beyondCap = (sticks: number, cap: number | null) => cap !== null && sticks > cap;

export const HUMIDOR_LIMIT_MESSAGE = `Free members can keep up to ${FREE_HUMIDOR_CAP} cigars in the humidor. Upgrade to Premium for an unlimited humidor.`;
