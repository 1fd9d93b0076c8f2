import type { EventDetail } from '@torcedor/shared/events';
import { applyCatalogChunk, applyCigarCommunity, applyCollectionItem, applyReviewDeleted, applyReviewPublished } from '../store/copies.ts';
import { deleteMember } from '../store/member.ts';

/** identity's UserDeleted: the member partition holds the item and review copies too: they go with the rest. */
export const userDeleted = async ({ userId }: EventDetail<'UserDeleted'>): Promise<void> => deleteMember(userId);

/** humidor's CatalogCigarsChanged: a chunk of the curated catalog VitolAI grounds its answers in. */
export const catalogCigarsChanged = (d: EventDetail<'CatalogCigarsChanged'>): Promise<void> => applyCatalogChunk(d);

/** humidor's CollectionItemChanged: the member's humidor or wishlist item, newest version kept. */
export const collectionItemChanged = (d: EventDetail<'CollectionItemChanged'>): Promise<void> => applyCollectionItem(d);

/** social's ReviewPublished: the member's review, kept once. */
export const reviewPublished = (d: EventDetail<'ReviewPublished'>): Promise<void> => applyReviewPublished(d);

/** social's ReviewDeleted: the review's tombstone, whether its publish came already or comes later. */
export const reviewDeleted = (d: EventDetail<'ReviewDeleted'>): Promise<void> => applyReviewDeleted(d);

/** humidor's CigarCommunityChanged: a cigar's rating and photos (Quick Picks show them), newest version kept. */
export const cigarCommunityChanged = (d: EventDetail<'CigarCommunityChanged'>): Promise<void> => applyCigarCommunity(d);
