import type { Tastes } from '@torcedor/shared/schemas/identity';
import type { SuggestedMember } from '@torcedor/shared/schemas/social';
import { isPremiumAuthor, type Author } from './author.ts';
import { acceptsFollowers } from './members.ts';
import { ANY_MEMBER, canSee } from './visibility.ts';

/** How many members the first run suggests at most. */
export const SUGGESTIONS_SHOWN = 8;
/** How many of the club's active members are weighed (the most recently active first): each costs one Query of their reviews. */
export const SUGGESTION_POOL = 40;
/** How many of a candidate's latest reviews say what they like. */
export const REVIEWS_WEIGHED = 20;

/** What of a catalog cigar tastes are matched against (social's copy of it: CatalogCigarsChanged's details). */
export type CigarTaste = { strength?: string | null; wrapper?: string | null; country?: string | null };

/**
 * A member who may be suggested: their copy, how many posts they shared in the last days and when their latest was, and
 * the cigars of their latest reviews.
 */
export interface SuggestionCandidate { author: Author; recentPosts: number; lastPostAt: string; reviewed: CigarTaste[] }

/** Whom never to suggest: the reader, whom they follow, and the members blocked by or blocking them. */
export interface SuggestionExclusions { readerId: string; followed: ReadonlySet<string>; blocked: ReadonlySet<string> }

const STRENGTH_LABELS: Record<string, string> = { mild: 'Mild', 'mild-medium': 'Mild-medium', medium: 'Medium', 'medium-full': 'Medium-full', full: 'Full' };
const label = (taste: string) => STRENGTH_LABELS[taste] ?? taste;

/**
 * The chosen tastes a cigar shares: its strength, each wrapper family its wrapper names ('Habano' in 'Ecuadorian Habano
 * Rosado', any case), its country. A cigar without details shares none.
 */
export function sharedTastes(cigar: CigarTaste, t: Tastes): string[] {
  const wrapper = (cigar.wrapper ?? '').toLowerCase();
  return [
    ...(cigar.strength && (t.strengths as string[]).includes(cigar.strength) ? [cigar.strength] : []),
    ...t.wrappers.filter((w) => wrapper.includes(w.toLowerCase())),
    ...(cigar.country && (t.countries as string[]).includes(cigar.country) ? [cigar.country] : []),
  ];
}

/** Whether a member may be suggested at all: not the reader, not followed, no block either way, seen by any member, taking followers. */
export function maySuggest(a: Author, x: SuggestionExclusions): boolean {
  return a.userId !== x.readerId && !x.followed.has(a.userId) && !x.blocked.has(a.userId)
    && canSee({ ...ANY_MEMBER, blocked: x.blocked }, a) && acceptsFollowers(a);
}

/**
 * Members to follow (docs/product.md, "First run"): of the candidates that may be suggested, those whose reviews share
 * the chosen tastes first (each reviewed cigar counts the tastes it shares), then the most recently active in the club,
 * then by name. Each says which of the tastes they share, most reviewed first, and why.
 */
export function rankSuggestions(candidates: SuggestionCandidate[], tastes: Tastes, x: SuggestionExclusions, shown = SUGGESTIONS_SHOWN): SuggestedMember[] {
  const scored = candidates.filter((c) => maySuggest(c.author, x)).map((c) => {
    const counts = new Map<string, number>();
    for (const cigar of c.reviewed) for (const t of sharedTastes(cigar, tastes)) counts.set(t, (counts.get(t) ?? 0) + 1);
    const score = [...counts.values()].reduce((a, b) => a + b, 0);
    const shared = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([t]) => t);
    return { c, score, shared };
  });
  scored.sort((a, b) => b.score - a.score || b.c.lastPostAt.localeCompare(a.c.lastPostAt) || a.c.author.displayName.localeCompare(b.c.author.displayName));
  return scored.slice(0, shown).map(({ c, shared }) => ({
    id: c.author.userId,
    displayName: c.author.displayName,
    profileImageUrl: c.author.profileImageUrl,
    premium: isPremiumAuthor(c.author),
    bio: c.author.bio,
    sharedTastes: shared.map(label),
    reason: reasonOf(shared, c.recentPosts),
  }));
}

function reasonOf(shared: string[], posts: number): string {
  if (shared.length) return `Also likes ${shared.slice(0, 3).map(label).join(', ')}`;
  if (posts) return `Active in the club: ${posts} ${posts === 1 ? 'post' : 'posts'} this week`;
  return 'A member of the club';
}
