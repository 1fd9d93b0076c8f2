import { recordChunk, recordPublished } from '@torcedor/service-kit/catalog-copy';
import { eventPart } from '@torcedor/service-kit/outbox';
import { markRevoked } from '@torcedor/service-kit/revocation';
import { transact } from '@torcedor/service-kit/transactions';
import { deleteUpload } from '@torcedor/service-kit/uploads';
import type { EventDetail } from '@torcedor/shared/events';
import { config } from '../config.ts';
import { isCelebrity } from '../domain/members.ts';
import { applyCollectionCounts, applyEntitlement, upsertAuthor } from '../store/authors.ts';
import { deleteBlocksOf } from '../store/blocks.ts';
import { applyCatalog } from '../store/cigars.ts';
import { readCounts } from '../store/counts.ts';
import { applyMailCopy } from '../store/digests.ts';
import { backfill, fanOut, removeFromTimeline } from '../store/feed.ts';
import { markCelebrity } from '../store/follows.ts';
import { recordNotice, recordWelcome } from '../store/notifications.ts';
import { createPost, getPost } from '../store/posts.ts';
import { deleteRemainsOf, startAndRun } from './jobs.ts';

/** The consumers of the events social receives (the worker's map, src/worker.ts). */

/** identity's profile: social's copy of the member, with the settings it honours (newest version wins). */
export const userProfileChanged = async (d: EventDetail<'UserProfileChanged'>) => { await upsertAuthor(d); };

/** identity's address of the member and whether it is verified: where notification digests go (newest version wins). */
export const memberEmailChanged = async (d: EventDetail<'MemberEmailChanged'>) => { await applyMailCopy(d); };

/** humidor's totals: the profile's Cigars counter. */
export const collectionCountsChanged = async (d: EventDetail<'CollectionCountsChanged'>) => { await applyCollectionCounts(d); };

/** billing's plan: the member badge. */
export const entitlementChanged = async (d: EventDetail<'EntitlementChanged'>) => { await applyEntitlement(d); };

/** The delivery's time (the bus's), the clock of the copy's grace; now when the event carries none. */
const deliveredAt = (meta: { time: string }) => Date.parse(meta.time) || Date.now();

/** humidor's catalog: the cigar names reviews carry; the chunk counts towards a whole copy (kit catalog-copy.ts). */
export async function catalogCigarsChanged(d: EventDetail<'CatalogCigarsChanged'>, meta: { time: string }): Promise<void> {
  await applyCatalog(d);
  await recordChunk(d.catalogVersion, d.cigars[0]?.id, deliveredAt(meta));
}

/**
 * humidor's CatalogPublished: how many chunks the version has, so the copy knows when it is whole; a copy still
 * missing some after the grace asks humidor to announce the version again (SocialCatalogCopyBehind).
 */
export const catalogPublished = (d: EventDetail<'CatalogPublished'>, meta: { time: string }) =>
  recordPublished(d, (catalogVersion) => transact({ behind: eventPart('SocialCatalogCopyBehind', { catalogVersion }) }), deliveredAt(meta));

/**
 * A post was shared: fanned out to the followers' timelines, unless its author counts as a celebrity (the one rule,
 * domain/members.ts#isCelebrity), whose posts their followers merge in at read time; an author who just became one
 * is marked now.
 */
export async function postPublished({ postId, userId }: EventDetail<'PostPublished'>): Promise<void> {
  const post = await getPost(postId);
  if (!post) return;
  const counts = await readCounts(userId);
  if (!isCelebrity(counts, config.SOCIAL_FANOUT_THRESHOLD)) {
    await fanOut(post);
    return;
  }
  if (!counts.celebrity) await markCelebrity(userId);
}

/**
 * What is left of a deleted post: its picture, every version (docs/architecture.md, "Uploads"), then its likes,
 * comments and like counters, a paged job of any size (handlers/jobs.ts); each delete is idempotent, so a repeated
 * delivery is harmless.
 */
export async function postDeleted({ postId, userId, imageUrl }: EventDetail<'PostDeleted'>): Promise<void> {
  if (imageUrl?.startsWith('/')) await deleteUpload(userId, imageUrl.slice(1));
  await deleteRemainsOf(postId);
}

/**
 * A deleted review: its photos are deleted, every version (docs/architecture.md, "Uploads"); a hidden review's event
 * carries none. Only the reviewer's own objects are touched, and a repeated delivery deletes nothing more.
 */
export async function reviewDeleted({ userId, photos }: EventDetail<'ReviewDeleted'>): Promise<void> {
  await Promise.all(photos.map((p) => deleteUpload(userId, p)));
}

/** A follow back-fills the follower's timeline; an unfollow takes the unfollowed member's entries out of it. */
export async function followChanged({ followerId, followeeId, following }: EventDetail<'FollowChanged'>): Promise<void> {
  if (following) await backfill(followerId, followeeId);
  else await removeFromTimeline(followerId, followeeId);
}

/** identity's new member: their welcome in the bell, once (docs/product.md, "First run"). */
export const userRegistered = async ({ userId, registeredAt }: EventDetail<'UserRegistered'>) => { await recordWelcome(userId, registeredAt); };

/** The events service's notices: notifications in the recipients' bells. */
export const eventNotice = (d: EventDetail<'EventNotice'>) => recordNotice(d);

/** The owner published a marketing draft: the post is theirs, written once (its id comes with the event). */
export async function marketingPostApproved({ postId, userId, content, createdAt }: EventDetail<'MarketingPostApproved'>): Promise<void> {
  await createPost({ postId, userId, postType: 'text', content, imageUrl: null, commentCount: 0, createdAt });
}

/** A revoked session: refused from now on. */
export const sessionRevoked = (d: EventDetail<'SessionRevoked'>) => markRevoked(d);

/**
 * A deleted member: their blocks both ways go at once (a member blocks, and is blocked by, few: store/blocks.ts),
 * the rest is a paged job (store/member.ts); pages run within this delivery's budget, the minute schedule continues the rest.
 */
export async function userDeleted({ userId }: EventDetail<'UserDeleted'>): Promise<void> {
  await deleteBlocksOf(userId);
  await startAndRun('delete-member', { userId }, userId);
}
