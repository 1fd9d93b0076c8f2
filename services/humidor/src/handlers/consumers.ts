import { logger } from '@torcedor/service-kit/logger';
import type { EventDetail } from '@torcedor/shared/events';
import { ObjectPath } from '@torcedor/shared/schemas/social';
import { scoreInRange } from '../domain/catalog.ts';
import { deleteMember } from '../store/member.ts';
import { countReview, liveReviewsOf, refreshCigarPhotos, retractReview } from '../store/ratings.ts';

/**
 * A review taken away from its cigar's rating (ReviewDeleted, a moderator's hide, or its author deleted) and its photos
 * from the cigar's (each time: a delivery that stopped between the two finishes here); what cannot apply is logged.
 */
async function retract(r: { reviewId: string; cigarId: string }) {
  const out = await retractReview(r);
  if (out === 'unknown-cigar') logger.warn('deleted review of an unknown cigar ignored', { reviewId: r.reviewId, cigarId: r.cigarId });
  if (out === 'missing-cigar') logger.warn('deleted review of a missing cigar', { reviewId: r.reviewId, cigarId: r.cigarId });
  if (out !== 'unknown-cigar') await refreshCigarPhotos(r.cigarId, r.reviewId);
}

/**
 * social's ReviewPublished: the review counts once in its cigar's rating (../../README.md, "Ratings"), and its photos
 * join the cigar's (each delivery refreshes them, so one that stopped between the two finishes on the next).
 */
export async function reviewPublished(r: EventDetail<'ReviewPublished'>): Promise<void> {
  if (!scoreInRange(r.overallScore)) {
    logger.error('review score out of range ignored', { reviewId: r.reviewId, cigarId: r.cigarId, overallScore: r.overallScore });
    return;
  }
  const photos = r.photos.filter((p) => ObjectPath.safeParse(p).success);
  if ((await countReview({ ...r, photos })) === 'unknown-cigar') {
    logger.warn('review of an unknown cigar ignored', { reviewId: r.reviewId, cigarId: r.cigarId });
    return;
  }
  if (photos.length) await refreshCigarPhotos(r.cigarId);
}

/** social's ReviewDeleted: the review leaves its cigar's rating once. */
export async function reviewDeleted(r: EventDetail<'ReviewDeleted'>): Promise<void> {
  await retract(r);
}

/** identity's UserDeleted: everything humidor holds of the member goes, and their reviews leave the ratings. */
export async function userDeleted({ userId }: EventDetail<'UserDeleted'>): Promise<void> {
  await deleteMember(userId);
  // Social's ReviewDeleted of each of the member's reviews comes after this, and the kit drops events about
  // a deleted member: the member's reviews leave the ratings here.
  for (const review of await liveReviewsOf(userId)) await retract(review);
}
