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

/** The quick picks as the page reads them: catalog cigars matched to the member, best first (engine/recommend.ts). */
export const quickPicksView = (picks: QuickPick[]) => ({
  items: picks.map(({ cigar, matchScore, reason }) => ({
    cigarId: cigar.id, brand: cigar.brandName, name: cigar.name, vitola: cigar.vitola, strength: cigar.strength, matchScore, reason,
  })),
});
