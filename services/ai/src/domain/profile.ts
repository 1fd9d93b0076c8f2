import type { EngineCigar, MemberContext, StrengthLevel } from './engine/types.ts';

/** A review this good says what the member likes. */
const LIKED_SCORE = 80;

function mode(values: StrengthLevel[]): StrengthLevel | null {
  const counts = new Map<StrengthLevel, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: StrengthLevel | null = null;
  for (const [v, n] of counts) if (best === null || n > counts.get(best)!) best = v;
  return best;
}

/**
 * The member's preferred strength: what the page says, else the commonest strength of the cigars they rated
 * 80 or more, else of their humidor, else medium (the spec's default).
 */
export function preferredStrength(member: MemberContext, catalogById: Map<string, EngineCigar>): StrengthLevel {
  if (member.preferredStrength) return member.preferredStrength;
  const liked = member.reviews.filter((r) => r.overallScore >= LIKED_SCORE).map((r) => catalogById.get(r.cigarId)?.strength).filter((s): s is StrengthLevel => !!s);
  const held = member.humidor.map((i) => i.cigarStrength ?? catalogById.get(i.cigarId)?.strength).filter((s): s is StrengthLevel => !!s);
  return mode(liked) ?? mode(held) ?? 'medium';
}

/** The recommendations page's profile card, from the server's own copies. */
export function aiProfile(member: MemberContext, catalogById: Map<string, EngineCigar>) {
  const scores = member.reviews.map((r) => r.overallScore);
  return {
    cigarsTried: new Set(member.reviews.map((r) => r.cigarId)).size,
    averageRating: scores.length ? Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 10) / 10 : null,
    preferredStrength: preferredStrength(member, catalogById),
  };
}
