import { TABLE } from '@torcedor/service-kit/ddb';
import { queryAll, setExpression } from '@torcedor/service-kit/items';
import { registerRenderer, stateEventPart } from '@torcedor/service-kit/outbox';
import { RACED, retryOnRace } from '@torcedor/service-kit/race';
import { transact, type TransactPart } from '@torcedor/service-kit/transactions';
import { communityOf, latestPhotos, samePhotos, type ReviewMarker } from '../domain/catalog.ts';
import { cigars, reviewMarkers } from './entities.ts';
import { keys } from './keys.ts';

/**
 * Cigar ratings from social's review events (see ../../README.md). Each cigar item keeps `ratingSum` (the sum of
 * the overall scores of its live reviews) and `reviewCount`; the mean is computed when the cigar is read
 * (domain/catalog.ts#ratingOf), so it is exact whatever the order of the events. Each review has a marker item in its
 * cigar's partition, written in the same transaction as the sums:
 *
 * - `live` (holding the score it added): a second ReviewPublished of the review finds it and changes nothing;
 *   ReviewDeleted turns it into a tombstone and subtracts that score, conditioned on it still being live.
 * - `deleted` (a tombstone, kept): a ReviewPublished arriving after (or redelivered after) the delete is ignored;
 *   a ReviewDeleted that arrives before its ReviewPublished writes the tombstone first.
 *
 * A live marker also holds the review's photos and when it was written, from which the cigar's photos are set
 * (refreshCigarPhotos). A live marker also holds its author (`userId`, GSI1 `REVIEWER#<userId>`), so UserDeleted takes the member's
 * reviews away here too: social announces each with ReviewDeleted, but the kit's worker drops events about a
 * member it already saw deleted, and social only sends them after its own UserDeleted. A tombstone keeps no
 * member data.
 */

interface Review { reviewId: string; cigarId: string }

/** The cigar must exist: a review of a cigar the catalog does not hold is ignored. */
const cigarExists = (cigarId: string): TransactPart => ({
  ConditionCheck: { TableName: TABLE, Key: cigars.key(cigarId), ConditionExpression: 'attribute_exists(PK)' },
});

/**
 * The cigar's sums changed by one review's score (`sign` 1: counted, -1: taken away); `photoSeq` grows with them, so
 * a refresh of the cigar's photos that read the markers before this change is refused (refreshCigarPhotos).
 */
const cigarSums = (cigarId: string, score: number, sign: 1 | -1): TransactPart => ({
  Update: {
    TableName: TABLE, Key: cigars.key(cigarId),
    UpdateExpression: 'ADD ratingSum :score, reviewCount :one, photoSeq :seq, communityVersion :seq',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':score': sign * score, ':one': sign, ':seq': 1 },
  },
});

/**
 * CigarCommunityChanged of the cigar (ai's copy of its rating and photos), rendered from the cigar item when it is
 * published, with the cigar's `communityVersion`, which grows with every write of its sums or photos.
 */
const communityChanged = (cigarId: string): TransactPart => stateEventPart('CigarCommunityChanged', 'cigar-community', cigarId);
registerRenderer('cigar-community', async (cigarId) => {
  const c = await cigars.get(cigarId);
  if (!c) return null;
  const { averageRating, reviewCount, photos } = communityOf(c);
  return { cigarId, version: Number(c.communityVersion ?? 0), averageRating, reviewCount, photos };
});

/** Turns a marker into a tombstone under `condition`: its author and index entry go. */
function tombstone(r: Review, condition: { ConditionExpression: string; ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Record<string, unknown> }): TransactPart {
  const { Update } = reviewMarkers.update([r.cigarId, r.reviewId], { state: 'deleted' }, condition);
  return { Update: { ...Update!, UpdateExpression: `${Update!.UpdateExpression} REMOVE userId, photos, GSI1PK, GSI1SK` } };
}

/**
 * AP: count a published review once (TransactWrite: Put marker `attribute_not_exists` + Update cigar `ADD`):
 * `counted`, `unknown-cigar` (ignored), or `already` (counted before, or deleted before this late publish).
 */
export async function countReview(
  r: Review & { userId: string; overallScore: number; photos: string[]; createdAt: string },
): Promise<'counted' | 'unknown-cigar' | 'already'> {
  const result = await transact({
    marker: reviewMarkers.put([r.cigarId, r.reviewId], {
      reviewId: r.reviewId, cigarId: r.cigarId, userId: r.userId, state: 'live', overallScore: r.overallScore, createdAt: r.createdAt,
      ...(r.photos.length ? { photos: r.photos } : {}),
    }, { ifAbsent: true }),
    cigar: cigarSums(r.cigarId, r.overallScore, 1),
    community: communityChanged(r.cigarId),
  });
  if (result.ok) return 'counted';
  return result.failed.includes('cigar') ? 'unknown-cigar' : 'already';
}

/**
 * AP: take a deleted review away once. A live marker becomes a tombstone and its score is subtracted, in one
 * transaction conditioned on the marker still being live with that score; no marker yet (the delete overtook
 * the publish): the tombstone is written so the publish is ignored when it comes; a tombstone: nothing to do
 * (`already`). A marker that changes meanwhile (another delivery) is read again. `unknown-cigar`: the catalog does
 * not hold the cigar (ignored); `missing-cigar`: a live marker whose cigar item is gone (the tombstone is kept).
 */
export async function retractReview(r: Review): Promise<'retracted' | 'already' | 'unknown-cigar' | 'missing-cigar'> {
  return retryOnRace('review retraction', async () => {
    const marker = await reviewMarkers.get([r.cigarId, r.reviewId]);
    if (marker?.state === 'deleted') return 'already' as const;
    if (!marker) {
      const result = await transact({
        cigar: cigarExists(r.cigarId),
        marker: reviewMarkers.put([r.cigarId, r.reviewId], { reviewId: r.reviewId, cigarId: r.cigarId, state: 'deleted' }, { ifAbsent: true }),
      });
      if (result.ok) return 'retracted' as const;
      return result.failed.includes('cigar') ? 'unknown-cigar' as const : RACED; // the publish wrote the marker meanwhile
    }
    const score = Number(marker.overallScore ?? 0);
    const result = await transact({
      marker: tombstone(r, {
        ConditionExpression: '#state = :live AND overallScore = :score',
        ExpressionAttributeNames: { '#state': 'state' }, ExpressionAttributeValues: { ':live': 'live', ':score': score },
      }),
      cigar: cigarSums(r.cigarId, score, -1),
      community: communityChanged(r.cigarId),
    });
    if (result.ok) return 'retracted' as const;
    if (result.failed.includes('marker')) return RACED;
    // The cigar item is gone (the catalog never deletes cigars): nothing to subtract, keep the tombstone.
    const tomb = await transact({ marker: tombstone(r, { ConditionExpression: 'attribute_exists(PK)' }) });
    return tomb.ok ? 'missing-cigar' as const : RACED;
  });
}

/**
 * AP: set the cigar's photos from its review markers (domain/catalog.ts#latestPhotos): the cigar's `photoSeq` is read,
 * then its partition's markers (consistent), and the photos are written only if `photoSeq` is still the one read, so
 * a marker that changed meanwhile makes it read again and no older view overwrites a newer one. With `holding`, only a
 * cigar that shows a photo of that review is refreshed (a retracted review's, whose marker no longer holds them).
 * Answers whether the photos changed.
 */
export async function refreshCigarPhotos(cigarId: string, holding?: string): Promise<boolean> {
  return retryOnRace('cigar photos refresh', async () => {
    const cigar = await cigars.get(cigarId);
    if (!cigar) return false;
    const shown = cigar.photos ?? [];
    if (holding !== undefined && !shown.some((p) => p.reviewId === holding)) return false;
    const markers = await queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :review)', ConsistentRead: true,
      FilterExpression: '#state = :live AND attribute_exists(photos)',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':pk': cigars.key(cigarId).PK, ':review': 'REVIEW#', ':live': 'live' },
    }) as ReviewMarker[];
    const photos = latestPhotos(markers);
    if (samePhotos(photos, shown)) return false;
    const seq = cigar.photoSeq;
    const set = setExpression({ photos }, { ':one': 1, ...(seq === undefined ? {} : { ':seq': seq }) });
    const written = await transact({
      cigar: {
        Update: {
          TableName: TABLE, Key: cigars.key(cigarId), ...set, UpdateExpression: `${set.UpdateExpression} ADD communityVersion :one`,
          ConditionExpression: seq === undefined ? 'attribute_exists(PK) AND attribute_not_exists(photoSeq)' : 'photoSeq = :seq',
        },
      },
      community: communityChanged(cigarId),
    });
    return written.ok ? true : RACED;
  });
}

/** AP: the live reviews of a member (Query GSI1 `REVIEWER#<userId>`), to take away when the member is deleted. */
export async function liveReviewsOf(userId: string): Promise<Review[]> {
  const markers = await queryAll({ IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': keys.reviewer(userId) } });
  return markers.map((m) => ({ reviewId: String(m.reviewId), cigarId: String(m.cigarId) }));
}
