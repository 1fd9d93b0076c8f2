import { recordChunk, recordPublished } from '@torcedor/service-kit/catalog-copy';
import { eventPart } from '@torcedor/service-kit/outbox';
import { transact } from '@torcedor/service-kit/transactions';
import type { EventDetail } from '@torcedor/shared/events';
import { applyCatalogChunk, applyCigarCommunity, applyCollectionItem, applyReviewDeleted, applyReviewPublished } from '../store/copies.ts';
import { deleteMember } from '../store/member.ts';

/** identity's UserDeleted: the member partition holds the item and review copies too: they go with the rest. */
export const userDeleted = async ({ userId }: EventDetail<'UserDeleted'>): Promise<void> => deleteMember(userId);

/** The delivery's time (the bus's), the clock of the copy's grace; now when the event carries none. */
const deliveredAt = (meta: { time: string }) => Date.parse(meta.time) || Date.now();

/**
 * humidor's CatalogCigarsChanged: a chunk of the curated catalog VitolAI grounds its answers in; it counts towards a
 * whole copy (kit catalog-copy.ts).
 */
export async function catalogCigarsChanged(d: EventDetail<'CatalogCigarsChanged'>, meta: { time: string }): Promise<void> {
  await applyCatalogChunk(d);
  await recordChunk(d.catalogVersion, d.cigars[0]?.id, deliveredAt(meta));
}

/**
 * humidor's CatalogPublished: how many chunks the version has, so the copy knows when it is whole; a copy still
 * missing some after the grace asks humidor to announce the version again (AiCatalogCopyBehind).
 */
export const catalogPublished = (d: EventDetail<'CatalogPublished'>, meta: { time: string }): Promise<void> =>
  recordPublished(d, (catalogVersion) => transact({ behind: eventPart('AiCatalogCopyBehind', { catalogVersion }) }), deliveredAt(meta));

/** humidor's CollectionItemChanged: the member's humidor or wishlist item, newest version kept. */
export const collectionItemChanged = (d: EventDetail<'CollectionItemChanged'>): Promise<void> => applyCollectionItem(d);

/** social's ReviewPublished: the member's review, kept once. */
export const reviewPublished = (d: EventDetail<'ReviewPublished'>): Promise<void> => applyReviewPublished(d);

/** social's ReviewDeleted: the review's tombstone, whether its publish came already or comes later. */
export const reviewDeleted = (d: EventDetail<'ReviewDeleted'>): Promise<void> => applyReviewDeleted(d);

/** humidor's CigarCommunityChanged: a cigar's rating and photos (Quick Picks show them), newest version kept. */
export const cigarCommunityChanged = (d: EventDetail<'CigarCommunityChanged'>): Promise<void> => applyCigarCommunity(d);
