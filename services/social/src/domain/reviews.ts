import type { ContentFilter } from '@torcedor/shared/schemas/identity';
import { uploadUrl, type Review } from '@torcedor/shared/schemas/social';
import { isPremiumAuthor, type Author } from './author.ts';
import { filterContent } from './content-filter.ts';

/** A review as stored: the cigar's names are copied from the catalog copy when it is written. */
export type ReviewItem = {
  reviewId: string; userId: string; cigarId: string; brandName: string; cigarName: string; cigarVitola: string | null;
  drawScore: number; burnScore: number; flavorScore: number; overallScore: number; flavorTags: string[]; notes: string;
  /** The photos' object paths (`uploads/...`), absent on reviews written before photos were kept. */
  photos?: string[];
  createdAt: string; isHidden?: boolean;
};

/** social's copy of a catalog cigar's names (humidor's CatalogCigarsChanged). */
export type CigarCopy = { cigarId: string; name: string; brandName: string; vitola: string | null };

/** A review as the viewer sees it, its notes masked by the viewer's own content filter. */
export function reviewView(r: ReviewItem, author: Author, filter: ContentFilter): Review {
  return {
    id: r.reviewId, userId: r.userId, userName: author.displayName, userImageUrl: author.profileImageUrl, premium: isPremiumAuthor(author), cigarId: r.cigarId,
    brandName: r.brandName, cigarName: r.cigarName, cigarVitola: r.cigarVitola ?? null, drawScore: r.drawScore, burnScore: r.burnScore,
    flavorScore: r.flavorScore, overallScore: r.overallScore, flavorTags: r.flavorTags ?? [], notes: filterContent(r.notes ?? '', filter),
    photos: (r.photos ?? []).map(uploadUrl), createdAt: r.createdAt,
  };
}

/** One of the member's own reviews as their smoking history lists it. */
export const historyEntry = (r: ReviewItem) => ({
  reviewId: r.reviewId, cigarId: r.cigarId, brandName: r.brandName, cigarName: r.cigarName, cigarVitola: r.cigarVitola ?? null,
  rating: r.overallScore, flavorTags: r.flavorTags ?? [], smokedAt: r.createdAt,
});
