import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';
import { indexKeys, queryAll } from '@torcedor/service-kit/items';
import { logger } from '@torcedor/service-kit/logger';
import { transact } from '@torcedor/service-kit/transactions';
import type { EventDetail } from '@torcedor/shared/events';
import { keys } from './keys.ts';

/**
 * Cigar ratings from social's review events (see ../../README.md). Each cigar item keeps `ratingSum` (the sum of
 * the overall scores of its live reviews) and `reviewCount`; the mean is computed when the cigar is read
 * (catalog.ts), so it is exact whatever the order of the events. Each review has a marker item in its cigar's
 * partition, written in the same transaction as the sums:
 *
 * - `live` (holding the score it added): a second ReviewPublished of the review finds it and changes nothing;
 *   ReviewDeleted turns it into a tombstone and subtracts that score, conditioned on it still being live.
 * - `deleted` (a tombstone, kept): a ReviewPublished arriving after (or redelivered after) the delete is ignored;
 *   a ReviewDeleted that arrives before its ReviewPublished writes the tombstone first.
 *
 * A live marker also holds its author (`userId`, GSI1 `REVIEWER#<userId>`), so UserDeleted takes the member's
 * reviews away here too: social announces each with ReviewDeleted, but the kit's worker drops events about a
 * member it already saw deleted, and social only sends them after its own UserDeleted. A tombstone keeps no
 * member data.
 */

/** A review's marker, in its cigar's partition (keys.ts holds the catalog's keys; this one lives here). */
const reviewKey = (cigarId: string, reviewId: string) => ({ PK: keys.cigar(cigarId).PK, SK: `REVIEW#${reviewId}` });
/** GSI1 partition of a member's live review markers. */
const reviewerPK = (userId: string) => `REVIEWER#${userId}`;
/** Turns a marker into a tombstone: its author and index entry go. */
const TOMBSTONE = 'SET #state = :deleted REMOVE userId, GSI1PK, GSI1SK';

type MarkerState = 'live' | 'deleted';
interface Marker { state: MarkerState; overallScore?: number }

const readMarker = async (cigarId: string, reviewId: string): Promise<Marker | null> => {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: reviewKey(cigarId, reviewId), ConsistentRead: true }));
  return out.Item ? { state: out.Item.state as MarkerState, overallScore: out.Item.overallScore as number | undefined } : null;
};

/** The cigar must exist: a review of a cigar the catalog does not hold is ignored. */
const cigarExists = (cigarId: string) => ({
  ConditionCheck: { TableName: TABLE, Key: keys.cigar(cigarId), ConditionExpression: 'attribute_exists(PK)' },
});

/** AP: count a published review once (TransactWrite: Put marker `attribute_not_exists` + Update cigar `ADD`). */
export async function applyReviewPublished(r: EventDetail<'ReviewPublished'>): Promise<void> {
  if (r.overallScore < 0 || r.overallScore > 100) {
    logger.error('review score out of range ignored', { reviewId: r.reviewId, cigarId: r.cigarId, overallScore: r.overallScore });
    return;
  }
  const result = await transact({
    marker: {
      Put: {
        TableName: TABLE,
        Item: {
          ...reviewKey(r.cigarId, r.reviewId), ...indexKeys({ GSI1: [reviewerPK(r.userId), r.reviewId] }),
          reviewId: r.reviewId, cigarId: r.cigarId, userId: r.userId, state: 'live', overallScore: r.overallScore,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    cigar: {
      Update: {
        TableName: TABLE, Key: keys.cigar(r.cigarId),
        UpdateExpression: 'ADD ratingSum :score, reviewCount :one',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':score': r.overallScore, ':one': 1 },
      },
    },
  });
  if (result.ok) return;
  if (result.failed.includes('cigar')) logger.warn('review of an unknown cigar ignored', { reviewId: r.reviewId, cigarId: r.cigarId });
  // marker failed alone: the review was counted already, or deleted before this (late) publish.
}

/**
 * AP: take a deleted review away once. A live marker becomes a tombstone and its score is subtracted, in one
 * transaction conditioned on the marker still being live with that score; no marker yet (the delete overtook
 * the publish): the tombstone is written so the publish is ignored when it comes; a tombstone: nothing to do.
 */
export async function applyReviewDeleted(r: EventDetail<'ReviewDeleted'>): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const marker = await readMarker(r.cigarId, r.reviewId);
    if (marker?.state === 'deleted') return;
    if (!marker) {
      const result = await transact({
        cigar: cigarExists(r.cigarId),
        marker: {
          Put: {
            TableName: TABLE, Item: { ...reviewKey(r.cigarId, r.reviewId), reviewId: r.reviewId, cigarId: r.cigarId, state: 'deleted' },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      });
      if (result.ok) return;
      if (result.failed.includes('cigar')) {
        logger.warn('deleted review of an unknown cigar ignored', { reviewId: r.reviewId, cigarId: r.cigarId });
        return;
      }
      continue; // the publish wrote the marker meanwhile: read it again
    }
    const score = Number(marker.overallScore ?? 0);
    const result = await transact({
      marker: {
        Update: {
          TableName: TABLE, Key: reviewKey(r.cigarId, r.reviewId),
          UpdateExpression: TOMBSTONE,
          ConditionExpression: '#state = :live AND overallScore = :score',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':deleted': 'deleted', ':live': 'live', ':score': score },
        },
      },
      cigar: {
        Update: {
          TableName: TABLE, Key: keys.cigar(r.cigarId),
          UpdateExpression: 'ADD ratingSum :minus, reviewCount :minusOne',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':minus': -score, ':minusOne': -1 },
        },
      },
    });
    if (result.ok) return;
    if (!result.failed.includes('marker')) {
      // The cigar item is gone (the catalog never deletes cigars): nothing to subtract, keep the tombstone.
      logger.warn('deleted review of a missing cigar', { reviewId: r.reviewId, cigarId: r.cigarId });
      const tomb = await transact({
        marker: {
          Update: {
            TableName: TABLE, Key: reviewKey(r.cigarId, r.reviewId), UpdateExpression: TOMBSTONE,
            ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeNames: { '#state': 'state' }, ExpressionAttributeValues: { ':deleted': 'deleted' },
          },
        },
      });
      if (tomb.ok) return;
    }
    // The marker changed meanwhile (another delivery deleted it): read it again.
  }
  throw new Error(`review ${r.reviewId} kept changing while being deleted`);
}

/**
 * AP: take every live review of a deleted member away (UserDeleted): Query GSI1 `REVIEWER#<userId>`, then each
 * as applyReviewDeleted. Idempotent; a ReviewDeleted of the same review later finds the tombstone.
 */
export async function retractMemberReviews(userId: string): Promise<void> {
  const markers = await queryAll({ IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': reviewerPK(userId) } });
  for (const m of markers) await applyReviewDeleted({ reviewId: String(m.reviewId), userId, cigarId: String(m.cigarId) });
}
