import { catalogLoading } from '@torcedor/service-kit/catalog-copy';
import type { RouteHandler } from '@torcedor/service-kit/http';
import type { Routes } from '@torcedor/shared/routes';
import { picksGrounding, QUICK_PICKS, quickPicksView } from '../domain/picks.ts';
import { aiProfile } from '../domain/profile.ts';
import { loadEngine } from '../providers/engine.ts';
import { loadCatalogCopy, loadMember, readCommunity } from '../store/copies.ts';

/** The catalog and the member's copies the picks reason over. */
async function grounding(userId: string) {
  const [{ catalog, behind }, member] = await Promise.all([loadCatalogCopy(), loadMember(userId, null)]);
  return { ...picksGrounding(catalog, member), behind };
}

/** Catalog cigars matched to the member's history and preferences, best first, with their community rating and photo (reasons in the request's language). */
export const getQuickPicks: RouteHandler<Routes['getQuickPicks']> = async ({ session, language }) => {
  const now = new Date();
  const [{ catalog, member, behind }, { quickPicks }] = await Promise.all([grounding(session.userId), loadEngine()]);
  const picks = quickPicks(catalog, member, QUICK_PICKS, now, language);
  // No pick from a copy of the catalog that is still filling says nothing about the member: they try again in a moment.
  if (!picks.length && behind) throw catalogLoading();
  return quickPicksView(picks, await readCommunity(picks.map((p) => p.cigar.id)));
};

/** What to smoke next from the member's own humidor (reasons and pairings in the request's language). */
export const getSmokeNext: RouteHandler<Routes['getSmokeNext']> = async ({ session, language }) => {
  const now = new Date();
  const [{ byId, member }, { smokeNext }] = await Promise.all([grounding(session.userId), loadEngine()]);
  return { items: smokeNext(member, byId, now, language) };
};

/** The recommendations page's profile card, from the server's own copies. */
export const getAiProfile: RouteHandler<Routes['getAiProfile']> = async ({ session }) => {
  const { byId, member } = await grounding(session.userId);
  return aiProfile({ ...member, preferredStrength: null }, byId);
};
