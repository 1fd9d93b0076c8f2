import { CIGAR_PHOTOS_SHOWN } from '@torcedor/shared/constants';
import { Brand, CatalogBrand, CatalogCigar, CatalogLounge, Cigar, Lounge } from '@torcedor/shared/schemas/catalog';
import { uploadUrl } from '@torcedor/shared/schemas/social';
import type { z } from 'zod';

/** The catalog as the API answers it (a cigar with its brand and rating, a brand with its cigar count, a lounge). */
export type CigarView = z.infer<typeof Cigar>;
export type BrandView = z.infer<typeof Brand>;
export type LoungeView = z.infer<typeof Lounge>;

/** The curated rows (the curator's file, as the import validates them). */
export type CuratedBrand = z.infer<typeof CatalogBrand>;
export type CuratedCigar = z.infer<typeof CatalogCigar>;
export type CuratedLounge = z.infer<typeof CatalogLounge>;
/** One of the community's photos of a cigar: its object path (`uploads/...`) and the review it belongs to. */
export type CigarPhoto = { reviewId: string; path: string };

/**
 * A stored cigar: its curated fields, the sums its review events keep and the community's latest photos
 * (../README.md, "Ratings" and "Photos"); `photoSeq` grows with every change of its review markers.
 */
export type StoredCigar = CuratedCigar & {
  ratingSum?: number; reviewCount?: number; photos?: CigarPhoto[]; photoSeq?: number;
  /** Grows with every write of the sums or the photos: the version of CigarCommunityChanged. */
  communityVersion?: number;
};

/**
 * A review's marker in its cigar's partition: live (holding its score, author, photos and when it was written) or a
 * tombstone.
 */
export type ReviewMarker = {
  reviewId: string; cigarId: string; state: 'live' | 'deleted'; overallScore?: number; userId?: string; photos?: string[]; createdAt?: string;
};

/**
 * The photos a cigar shows: those of its live reviews, newest review first (each review's in the order it was
 * given), at most CIGAR_PHOTOS_SHOWN.
 */
export function latestPhotos(markers: readonly ReviewMarker[]): CigarPhoto[] {
  return markers
    .filter((m) => m.state === 'live' && (m.photos?.length ?? 0) > 0)
    .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? '') || b.reviewId.localeCompare(a.reviewId))
    .flatMap((m) => (m.photos ?? []).map((path) => ({ reviewId: m.reviewId, path })))
    .slice(0, CIGAR_PHOTOS_SHOWN);
}

/** Whether two photo lists are the same, in the same order. */
export const samePhotos = (a: readonly CigarPhoto[], b: readonly CigarPhoto[]) =>
  a.length === b.length && a.every((p, i) => p.path === b[i]!.path && p.reviewId === b[i]!.reviewId);

/** What the community adds to a cigar, as the API answers it: its rating, its review count, its photos' URLs. */
export type Community = { averageRating: number | null; reviewCount: number; photos: string[] };
export function communityOf(c: Record<string, unknown>): Community {
  return { ...ratingOf(c), photos: ((c.photos as CigarPhoto[] | undefined) ?? []).map((p) => uploadUrl(p.path)) };
}

/** The fields of `item` named in `fields` (the curated ones of a catalog schema). */
export function pick(item: Record<string, unknown>, fields: readonly string[]) {
  return Object.fromEntries(fields.filter((f) => item[f] !== undefined).map((f) => [f, item[f]]));
}

/** A stored row's curated brand fields. */
export const curatedBrand = (item: Record<string, unknown>): CuratedBrand => CatalogBrand.parse(pick(item, CatalogBrand.keyof().options));
/** A stored row's curated lounge fields. */
export const curatedLounge = (item: Record<string, unknown>): LoungeView => CatalogLounge.parse(pick(item, CatalogLounge.keyof().options));

/**
 * A cigar's rating from the sums its review events keep: the mean of the live reviews' overall scores, rounded to
 * a whole number (0-100), null before the first review.
 */
export function ratingOf(c: Record<string, unknown>): { averageRating: number | null; reviewCount: number } {
  const reviewCount = Math.max(0, Number(c.reviewCount ?? 0));
  const ratingSum = Number(c.ratingSum ?? 0);
  return { averageRating: reviewCount > 0 ? Math.round(ratingSum / reviewCount) : null, reviewCount };
}

/** A stored cigar as the API answers it: its curated fields, its brand's name and country, its rating and photos. */
export function cigarView(c: Record<string, unknown>, brand: CuratedBrand): CigarView {
  return Cigar.parse({ ...pick(c, CatalogCigar.keyof().options), brandName: brand.name, brandCountry: brand.country, ...communityOf(c) });
}

/** A review's overall score counts only from 0 to 100 (one out of range is a bug upstream, ignored). */
export const scoreInRange = (score: number) => score >= 0 && score <= 100;
