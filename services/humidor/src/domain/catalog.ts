import { Brand, CatalogBrand, CatalogCigar, CatalogLounge, Cigar, Lounge } from '@torcedor/shared/schemas/catalog';
import type { z } from 'zod';

/** The catalog as the API answers it (a cigar with its brand and rating, a brand with its cigar count, a lounge). */
export type CigarView = z.infer<typeof Cigar>;
export type BrandView = z.infer<typeof Brand>;
export type LoungeView = z.infer<typeof Lounge>;

/** The curated rows (the curator's file, as the import validates them). */
export type CuratedBrand = z.infer<typeof CatalogBrand>;
export type CuratedCigar = z.infer<typeof CatalogCigar>;
export type CuratedLounge = z.infer<typeof CatalogLounge>;
/** A stored cigar: its curated fields and the sums its review events keep (../README.md, "Ratings"). */
export type StoredCigar = CuratedCigar & { ratingSum?: number; reviewCount?: number };

/** A review's marker in its cigar's partition: live (holding its score and author) or a tombstone. */
export type ReviewMarker = { reviewId: string; cigarId: string; state: 'live' | 'deleted'; overallScore?: number; userId?: string };

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

/** A stored cigar as the API answers it: its curated fields, its brand's name and country, its rating. */
export function cigarView(c: Record<string, unknown>, brand: CuratedBrand): CigarView {
  return Cigar.parse({ ...pick(c, CatalogCigar.keyof().options), brandName: brand.name, brandCountry: brand.country, ...ratingOf(c) });
}

/** A review's overall score counts only from 0 to 100 (one out of range is a bug upstream, ignored). */
export const scoreInRange = (score: number) => score >= 0 && score <= 100;
