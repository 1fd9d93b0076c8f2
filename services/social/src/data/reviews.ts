import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';
import { notFound } from '@torcedor/service-kit/errors';
import { indexKeys } from '@torcedor/service-kit/items';
import { eventPart } from '@torcedor/service-kit/outbox';
import { transact } from '@torcedor/service-kit/transactions';
import type { ContentFilter } from '@torcedor/shared/schemas/identity';
import type { Review } from '@torcedor/shared/schemas/social';
import { filterContent } from '../domain/content-filter.ts';
import { isPremiumAuthor, type Author } from './authors.ts';
import { countParts } from './counts.ts';
import { keys } from './keys.ts';

export interface ReviewItem {
  reviewId: string; userId: string; cigarId: string; brandName: string; cigarName: string; cigarVitola: string | null;
  drawScore: number; burnScore: number; flavorScore: number; overallScore: number; flavorTags: string[]; notes: string;
  createdAt: string; isHidden?: boolean;
}

export function reviewView(r: ReviewItem, author: Author, filter: ContentFilter): Review {
  return {
    id: r.reviewId, userId: r.userId, userName: author.displayName, userImageUrl: author.profileImageUrl, premium: isPremiumAuthor(author), cigarId: r.cigarId,
    brandName: r.brandName, cigarName: r.cigarName, cigarVitola: r.cigarVitola ?? null, drawScore: r.drawScore, burnScore: r.burnScore,
    flavorScore: r.flavorScore, overallScore: r.overallScore, flavorTags: r.flavorTags ?? [], notes: filterContent(r.notes ?? '', filter),
    createdAt: r.createdAt,
  };
}

export const reviewPublished = (r: ReviewItem) => eventPart('ReviewPublished', {
  reviewId: r.reviewId, userId: r.userId, cigarId: r.cigarId, brandName: r.brandName, cigarName: r.cigarName, drawScore: r.drawScore,
  burnScore: r.burnScore, flavorScore: r.flavorScore, overallScore: r.overallScore, flavorTags: r.flavorTags, createdAt: r.createdAt,
});

/**
 * AP: store a review, count it in the member's totals and publish it (humidor keeps the cigar's rating from
 * the event), in one transaction. A repeat with the same id (an idempotent retry) changes nothing.
 */
export async function createReview(r: ReviewItem): Promise<void> {
  const [count, countEvent] = countParts(r.userId, 'reviewsCount', 1);
  await transact({
    review: {
      Put: {
        TableName: TABLE, ConditionExpression: 'attribute_not_exists(PK)',
        Item: {
          ...keys.review(r.reviewId), ...r,
          ...indexKeys({ GSI1: [keys.reviewsBy(r.userId), keys.postSk(r.createdAt, r.reviewId)], GSI2: [keys.cigarReviews(r.cigarId), keys.postSk(r.createdAt, r.reviewId)] }),
        },
      },
    },
    count, countEvent, event: reviewPublished(r),
  });
}

/** AP: one review (consistent), hidden ones included (moderation reads them). */
export async function getReview(reviewId: string): Promise<ReviewItem | null> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.review(reviewId), ConsistentRead: true }));
  return (out.Item as ReviewItem | undefined) ?? null;
}

/** AP: delete one's own review (anyone else's: 404): the review, the member's total and ReviewDeleted together. */
export async function deleteReview(userId: string, reviewId: string): Promise<void> {
  const r = await getReview(reviewId);
  if (!r || r.userId !== userId) throw notFound('Review not found');
  const [count, countEvent] = countParts(userId, 'reviewsCount', -1);
  const out = await transact({
    review: { Delete: { TableName: TABLE, Key: keys.review(reviewId), ConditionExpression: 'userId = :me', ExpressionAttributeValues: { ':me': userId } } },
    count, countEvent,
    event: eventPart('ReviewDeleted', { reviewId, userId, cigarId: r.cigarId }),
  });
  if (!out.ok) throw notFound('Review not found');
}

async function queryIndex(index: 'GSI1' | 'GSI2', pk: string, limit: number): Promise<ReviewItem[]> {
  const out = await ddb.send(new QueryCommand({
    TableName: TABLE, IndexName: index, KeyConditionExpression: `${index}PK = :pk`, ScanIndexForward: false, Limit: limit,
    ExpressionAttributeValues: { ':pk': pk },
  }));
  return ((out.Items ?? []) as unknown as ReviewItem[]).filter((r) => !r.isHidden);
}

/** AP: a member's reviews, newest first (GSI1). */
export const reviewsBy = (userId: string, limit = 100) => queryIndex('GSI1', keys.reviewsBy(userId), limit);
/** AP: a cigar's reviews, newest first (GSI2). */
export const reviewsOfCigar = (cigarId: string, limit = 100) => queryIndex('GSI2', keys.cigarReviews(cigarId), limit);
