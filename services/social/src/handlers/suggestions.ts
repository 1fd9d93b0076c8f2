import type { RouteHandler } from '@torcedor/service-kit/http';
import type { Routes } from '@torcedor/shared/routes';
import { rankSuggestions } from '../domain/suggestions.ts';
import { suggestionCandidates } from '../store/suggestions.ts';

/**
 * Members to follow (docs/product.md, "First run"): the club's active members, those whose reviews share the tastes
 * the page sends (the member's own) first; never the member, whom they follow, or a member blocked either way.
 */
export const getSuggestedMembers: RouteHandler<Routes['getSuggestedMembers']> = async ({ session, query }) => {
  const withTastes = query.strengths.length + query.wrappers.length + query.countries.length > 0;
  const { candidates, exclusions } = await suggestionCandidates(session.userId, new Date(), withTastes);
  return { items: rankSuggestions(candidates, query, exclusions) };
};
