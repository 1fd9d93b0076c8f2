import { loadCatalog, loadMember } from '../data/copies.ts';
import { loadEngine } from '../providers/engine.ts';
import { aiProfile, preferredStrength } from './profile.ts';

/** Quick picks kept per request: the page shows the first 3. */
const QUICK_PICKS = 6;

async function grounding(userId: string) {
  const [catalog, member] = await Promise.all([loadCatalog(), loadMember(userId, null)]);
  const byId = new Map(catalog.map((c) => [c.id, c]));
  return { catalog, byId, member: { ...member, preferredStrength: preferredStrength(member, byId) } };
}

/** Catalog cigars matched to the member's history and preferences, best first (engine/recommend.ts). */
export async function quickPicksFor(userId: string, now = new Date()) {
  const [{ catalog, member }, { quickPicks }] = await Promise.all([grounding(userId), loadEngine()]);
  return {
    items: quickPicks(catalog, member, QUICK_PICKS, now).map(({ cigar, matchScore, reason }) => ({
      cigarId: cigar.id, brand: cigar.brandName, name: cigar.name, vitola: cigar.vitola, strength: cigar.strength, matchScore, reason,
    })),
  };
}

/** What to smoke next from the member's own humidor. */
export async function smokeNextFor(userId: string, now = new Date()) {
  const [{ byId, member }, { smokeNext }] = await Promise.all([grounding(userId), loadEngine()]);
  return { items: smokeNext(member, byId, now) };
}

export async function profileOf(userId: string) {
  const { byId, member } = await grounding(userId);
  return aiProfile({ ...member, preferredStrength: null }, byId);
}
