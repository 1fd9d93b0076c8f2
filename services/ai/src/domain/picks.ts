import type { QuickPick } from './engine/recommend.ts';
import type { EngineCigar, MemberContext } from './engine/types.ts';
import { preferredStrength } from './profile.ts';

/** Quick picks kept per request: the page shows the first 3. */
export const QUICK_PICKS = 6;

/**
 * What the picks reason over: the catalog by id, and the member with the strength they prefer (docs/product.md:
 * what they rated well, else what they hold, else medium).
 */
export function picksGrounding(catalog: EngineCigar[], member: MemberContext) {
  const byId = new Map(catalog.map((c) => [c.id, c]));
  return { catalog, byId, member: { ...member, preferredStrength: preferredStrength(member, byId) } };
}

/** A cigar's community rating, review count and photos (humidor's CigarCommunityChanged, ai's copy). */
export type Community = { averageRating: number | null; reviewCount: number; photos: string[] };

/**
 * The quick picks as the page reads them: catalog cigars matched to the member, best first (engine/recommend.ts),
 * each with what its illustration is drawn from, its community rating and its latest photo (none before a review).
 */
export const quickPicksView = (picks: QuickPick[], community: ReadonlyMap<string, Community>) => ({
  items: picks.map(({ cigar, matchScore, reason }) => {
    const c = community.get(cigar.id);
    return {
      cigarId: cigar.id, brand: cigar.brandName, name: cigar.name, vitola: cigar.vitola, strength: cigar.strength, matchScore, reason,
      length: cigar.length, ringGauge: cigar.ringGauge, wrapper: cigar.wrapper,
      photoUrl: c?.photos[0] ?? null, averageRating: c?.averageRating ?? null, reviewCount: c?.reviewCount ?? 0,
    };
  }),
});
