import { randomUUID } from 'node:crypto';
import { catalogCopyBehind, catalogLoading } from '@torcedor/service-kit/catalog-copy';
import { badRequest, notFound } from '@torcedor/service-kit/errors';
import type { RouteHandler } from '@torcedor/service-kit/http';
import { keyedId } from '@torcedor/service-kit/idempotency';
import { countBusiness } from '@torcedor/service-kit/observability';
import type { Routes } from '@torcedor/shared/routes';
import { authorOf, sees } from '../domain/audience.ts';
import { mayContribute } from '../domain/author.ts';
import { historyEntry, reviewView, type ReviewItem } from '../domain/reviews.ts';
import { readAudience } from '../store/audience.ts';
import { readAuthor } from '../store/authors.ts';
import { getCigarCopy } from '../store/cigars.ts';
import * as reviews from '../store/reviews.ts';
import { emailUnverified } from './errors.ts';
import { dropUploads, registerUploads } from '@torcedor/service-kit/uploads';

/**
 * A cigar social has no copy of: unknown when the copy of the catalog is whole, else perhaps not arrived yet (503
 * CATALOG_LOADING, services/kit/src/catalog-copy.ts).
 */
async function unknownCigar(): Promise<Error> {
  if (await catalogCopyBehind()) return catalogLoading();
  return badRequest('Unknown cigar', [{ path: ['cigarId'], message: 'No cigar with this id in the catalog' }], 'UNKNOWN_CIGAR');
}

/**
 * Publishes a review. Its photos (at most PHOTOS_MAX) are registered beside the reads of the cigar's copy and the
 * reviewer's (may they contribute: domain/author.ts#mayContribute), like a post's picture (docs/architecture.md,
 * "Uploads"): one refused upload refuses the review with nothing saved, and the copies go again when the review is
 * refused or was written already (an idempotent retry).
 */
export const createReview: RouteHandler<Routes['createReview']> = async ({ session, body, idempotencyKey }) => {
  const userId = session.userId;
  const [cigar, me, photos] = await Promise.all([getCigarCopy(body.cigarId), readAuthor(userId), registerUploads(userId, body.photos)]);
  const refuse = async (err: Error): Promise<never> => {
    await dropUploads(userId, photos);
    throw err;
  };
  if (!mayContribute(me)) return refuse(emailUnverified());
  if (!cigar) return refuse(await unknownCigar());
  const r: ReviewItem = {
    reviewId: idempotencyKey ? keyedId(userId, idempotencyKey, 'review') : randomUUID(), userId,
    cigarId: cigar.cigarId, brandName: cigar.brandName, cigarName: cigar.name, cigarVitola: cigar.vitola,
    drawScore: body.drawScore, burnScore: body.burnScore, flavorScore: body.flavorScore, overallScore: body.overallScore,
    flavorTags: [...new Set(body.flavorTags)], notes: body.notes, photos, createdAt: new Date().toISOString(),
  };
  if (!(await reviews.createReview(r).catch((err: unknown) => refuse(err as Error)))) {
    // The same review was written before (a retry with the same key): it keeps the photos it has.
    await dropUploads(userId, photos);
    return reviewView((await reviews.getReview(r.reviewId)) ?? r, me, me.contentFilter);
  }
  countBusiness('ReviewsCreated');
  return reviewView(r, me, me.contentFilter);
};

/** Deletes one's own review (its photos follow, off the request path); anyone else's, like a missing one, is 404. */
export const deleteReview: RouteHandler<Routes['deleteReview']> = async ({ session, params }) => {
  if (!(await reviews.deleteReview(session.userId, params.id))) throw notFound('Review not found');
  return { ok: true as const };
};

/** A cigar's reviews, of the reviewers the caller may see (domain/visibility.ts). */
export const getCigarReviews: RouteHandler<Routes['getCigarReviews']> = async ({ session, params }) => {
  const list = await reviews.reviewsOfCigar(params.id);
  const audience = await readAudience(session.userId, list.map((r) => r.userId));
  return list
    .filter((r) => sees(audience, r.userId))
    .map((r) => reviewView(r, authorOf(audience, r.userId), audience.viewer.contentFilter));
};

export const getSmokingHistory: RouteHandler<Routes['getSmokingHistory']> = async ({ session }) =>
  (await reviews.reviewsBy(session.userId)).map(historyEntry);
