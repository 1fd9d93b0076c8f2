import { REVIEWS_WEIGHED, SUGGESTION_POOL, type SuggestionCandidate, type SuggestionExclusions } from '../domain/suggestions.ts';
import { blockedIdsOf } from './blocks.ts';
import { readCigarTastes } from './cigars.ts';
import { discoverCandidates } from './feed.ts';
import { followingOf } from './follows.ts';
import { reviewsBy } from './reviews.ts';

/**
 * AP: whom the first run may suggest to `readerId` (docs/product.md, "First run"): the club's active members, the
 * authors of the posts Discover weighs (the last DISCOVER_DAYS days, with their copies: store/feed.ts), with whom the
 * reader follows and the members blocked by or blocking them, in parallel. Those left (at most SUGGESTION_POOL, the
 * most recently active first) then have their latest reviews read in parallel (GSI1, one Query each) when tastes are given, and
 * the reviewed cigars' copies in one BatchGet: three round trips whatever the size of the club.
 */
export async function suggestionCandidates(readerId: string, now: Date, withTastes: boolean): Promise<{ candidates: SuggestionCandidate[]; exclusions: SuggestionExclusions }> {
  const [{ posts, authors }, following, blocked] = await Promise.all([discoverCandidates(readerId, now), followingOf(readerId), blockedIdsOf(readerId)]);
  const exclusions: SuggestionExclusions = { readerId, followed: new Set(following.map((f) => String(f.followeeId))), blocked };
  const active = new Map<string, { recentPosts: number; lastPostAt: string }>();
  for (const p of posts) {
    const a = active.get(p.userId) ?? { recentPosts: 0, lastPostAt: '' };
    active.set(p.userId, { recentPosts: a.recentPosts + 1, lastPostAt: p.createdAt > a.lastPostAt ? p.createdAt : a.lastPostAt });
  }
  const pool = [...active.entries()]
    .filter(([id]) => id !== readerId && !exclusions.followed.has(id) && !blocked.has(id) && authors.has(id))
    .sort((a, b) => b[1].lastPostAt.localeCompare(a[1].lastPostAt))
    .slice(0, SUGGESTION_POOL);
  const reviews = withTastes ? await Promise.all(pool.map(([id]) => reviewsBy(id, REVIEWS_WEIGHED))) : pool.map(() => []);
  const cigars = withTastes ? await readCigarTastes(reviews.flat().map((r) => r.cigarId)) : new Map();
  const candidates = pool.map(([id, activity], i) => ({
    author: authors.get(id)!,
    ...activity,
    reviewed: reviews[i]!.flatMap((r) => (cigars.has(r.cigarId) ? [cigars.get(r.cigarId)!] : [])),
  }));
  return { candidates, exclusions };
}
