import { logger } from '@torcedor/service-kit/logger';
import type { EventDetail } from '@torcedor/shared/events';
import { scoreInRange } from '../domain/catalog.ts';
import { deleteMember } from '../store/member.ts';
import { countReview, liveReviewsOf, retractReview } from '../store/ratings.ts';

/** A review taken away from its cigar's rating (ReviewDeleted, or its author deleted); what cannot apply is logged. */
async function retract(r: { reviewId: string; cigarId: string }) {
  const out = await retractReview(r);
  if (out === 'unknown-cigar') logger.warn('deleted review of an unknown cigar ignored', { reviewId: r.reviewId, cigarId: r.cigarId });
  if (out === 'missing-cigar') logger.warn('deleted review of a missing cigar', { reviewId: r.reviewId, cigarId: r.cigarId });
}

/** social's ReviewPublished: the review counts once in its cigar's rating (../../README.md, "Ratings"). */
export async function reviewPublished(r: EventDetail<'ReviewPublished'>): Promise<void> {
  if (!scoreInRange(r.overallScore)) {
    logger.error('review score out of range ignored', { reviewId: r.reviewId, cigarId: r.cigarId, overallScore: r.overallScore });
    return;
  }
  if ((await countReview(r)) === 'unknown-cigar') logger.warn('review of an unknown cigar ignored', { reviewId: r.reviewId, cigarId: r.cigarId });
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
