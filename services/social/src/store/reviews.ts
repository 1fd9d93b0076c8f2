import { queryPage } from '@torcedor/service-kit/items';
import { eventPart } from '@torcedor/service-kit/outbox';
import { transact } from '@torcedor/service-kit/transactions';
import type { ReviewItem } from '../domain/reviews.ts';
import { countParts } from './counts.ts';
import { reviews } from './entities.ts';
import { keys } from './keys.ts';

/** The ReviewPublished event of a review (humidor keeps the cigar's rating from it), as a transaction part. */
export const reviewPublished = (r: ReviewItem) => eventPart('ReviewPublished', {
  reviewId: r.reviewId, userId: r.userId, cigarId: r.cigarId, brandName: r.brandName, cigarName: r.cigarName, drawScore: r.drawScore,
  burnScore: r.burnScore, flavorScore: r.flavorScore, overallScore: r.overallScore, flavorTags: r.flavorTags, photos: r.photos ?? [],
  createdAt: r.createdAt,
});

/**
 * AP: store a review, count it in the member's totals and publish it (humidor keeps the cigar's rating and photos
 * from the event), in one transaction. A repeat with the same id (an idempotent retry) changes nothing: false.
 */
export async function createReview(r: ReviewItem): Promise<boolean> {
  const [count, countEvent] = countParts(r.userId, 'reviewsCount', 1);
  return (await transact({ review: reviews.put(r.reviewId, r, { ifAbsent: true }), count, countEvent, event: reviewPublished(r) })).ok;
}

/** AP: one review (consistent), hidden ones included (moderation reads them). */
export async function getReview(reviewId: string): Promise<ReviewItem | null> {
  return (await reviews.get(reviewId)) ?? null;
}

/**
 * AP: delete one's own review: the review, the member's total and ReviewDeleted (with its photos, which social's
 * worker then deletes) together. False (nothing changes) when it does not exist or is someone else's.
 */
export async function deleteReview(userId: string, reviewId: string): Promise<boolean> {
  const r = await getReview(reviewId);
  if (!r || r.userId !== userId) return false;
  const [count, countEvent] = countParts(userId, 'reviewsCount', -1);
  const out = await transact({
    review: reviews.remove(reviewId, { ConditionExpression: 'userId = :me', ExpressionAttributeValues: { ':me': userId } }),
    count, countEvent,
    event: eventPart('ReviewDeleted', { reviewId, userId, cigarId: r.cigarId, photos: r.photos ?? [] }),
  });
  return out.ok;
}

/** Newest first, one page of an index's review partition, hidden ones left out. */
async function queryIndex(index: 'GSI1' | 'GSI2', pk: string, limit: number): Promise<ReviewItem[]> {
  const { items } = await queryPage({
    IndexName: index, KeyConditionExpression: `${index}PK = :pk`, ScanIndexForward: false, Limit: limit, ExpressionAttributeValues: { ':pk': pk },
  });
  return (items as ReviewItem[]).filter((r) => !r.isHidden);
}

/** AP: a member's reviews, newest first (GSI1). */
export const reviewsBy = (userId: string, limit = 100) => queryIndex('GSI1', keys.reviewsBy(userId), limit);
/** AP: a cigar's reviews, newest first (GSI2). */
export const reviewsOfCigar = (cigarId: string, limit = 100) => queryIndex('GSI2', keys.cigarReviews(cigarId), limit);
