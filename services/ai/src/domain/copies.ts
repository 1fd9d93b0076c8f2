import type { EventDetail } from '@torcedor/shared/events';

/**
 * The items of ai's own copies of what VitolAI reasons over (store/copies.ts keeps them from events; the service
 * README has their keys): the curated catalog, the member's humidor and wishlist items, and their reviews.
 */
type Announced = EventDetail<'CatalogCigarsChanged'>['cigars'][number];

/** A catalog cigar as kept: its names, its curated details and the import's catalog version. */
export type CatalogCigarCopy = Omit<Announced, 'details'> & NonNullable<Announced['details']> & { catalogVersion: number };

/** A humidor or wishlist item as kept: the event's detail but `userId`; a removal keeps a `ttl`. */
export type ItemCopy = Omit<EventDetail<'CollectionItemChanged'>, 'userId'> & { ttl?: number };

/** A published review as kept, or the tombstone its delete leaves. */
export type ReviewCopy =
  | (Omit<EventDetail<'ReviewPublished'>, 'userId' | 'photos'> & { deleted: false })
  | { reviewId: string; cigarId: string; deleted: true; ttl: number };

/** How long a tombstone is kept: well past the latest a delivery can come (outbox and worker idempotency keep an event 7 days). */
export const TOMBSTONE_TTL_DAYS = 30;
