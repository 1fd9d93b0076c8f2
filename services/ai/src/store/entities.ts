import { entity } from '@torcedor/service-kit/entity';
import type { StoredTurn } from '../domain/chat.ts';
import type { CatalogCigarCopy, ItemCopy, ReviewCopy } from '../domain/copies.ts';
import type { CounterItem } from '../domain/usage.ts';
import { keys } from './keys.ts';

/**
 * The ai table's entities, each declared once (../../README.md lists them with their keys and access patterns).
 * The member's entitlement copy (`MEMBER#<userId>` / `ENTITLEMENT`) is the kit's (service-kit/entitlement.ts).
 */

/** The recommendations a member used on a UTC day (the free daily quota). */
export const usage = entity<CounterItem, { userId: string; day: string }>({ name: 'Daily usage', key: ({ userId, day }) => keys.usage(userId, day) });

/** The answers a member got in a clock hour (the hourly abuse limit). */
export const hourCounters = entity<CounterItem, { userId: string; hour: string }>({ name: 'Hour counter', key: ({ userId, hour }) => keys.rateHour(userId, hour) });

/** The answers a member got on a UTC day (the daily abuse limit). */
export const dayCounters = entity<CounterItem, { userId: string; day: string }>({ name: 'Day counter', key: ({ userId, day }) => keys.rateDay(userId, day) });

/** One turn of a member's chat, kept AI_CHAT_TTL_DAYS. */
export const chatTurns = entity<StoredTurn & { sessionId: string; ttl: number }, { userId: string; sessionId: string; at: string; role: StoredTurn['role'] }>({
  name: 'Chat turn', key: ({ userId, sessionId, at, role }) => keys.chatTurn(userId, sessionId, at, role),
});

/** A catalog cigar (read copy of humidor's curated catalog), by cigar id. */
export const catalogCigars = entity<CatalogCigarCopy>({ name: 'Catalog cigar (read copy)', key: keys.catalogCigar });

/** A humidor or wishlist item (read copy), kept by its version; a removal is a tombstone. */
export const memberItems = entity<ItemCopy, { userId: string; itemId: string }>({
  name: 'Humidor or wishlist item (read copy)', key: ({ userId, itemId }) => keys.memberItem(userId, itemId),
});

/** A member's published review (read copy), or the tombstone of its delete. */
export const reviews = entity<ReviewCopy, { userId: string; reviewId: string }>({
  name: 'Review (read copy)', key: ({ userId, reviewId }) => keys.memberReview(userId, reviewId),
});
