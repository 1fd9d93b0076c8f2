import { DAY_MS, LEAD_SCORE } from '@torcedor/shared/constants';
import type { LeadState } from './lead-state.ts';

/** The UTC date (YYYY-MM-DD) of an instant: the day a score is computed as of, and the days of the charts. */
export const utcDay = (at: Date | string) => new Date(at).toISOString().slice(0, 10);

const wholeDaysBetween = (fromDay: string, toDay: string) =>
  Math.max(0, Math.round((Date.parse(`${toDay}T00:00:00Z`) - Date.parse(`${fromDay}T00:00:00Z`)) / DAY_MS));

/**
 * The engagement score of a lead as of a UTC date (docs/marketing.md, "Engagement score"; weights in LEAD_SCORE):
 * 100 once converted; else sign-up kind + name + email + a started trial + each activity up to its cap + recency,
 * at most 99. Recency counts whole days from the last activity (or the sign-up) to `asOfDay`, so every run of one
 * day gives the same scores.
 */
export function scoreLead(s: LeadState, asOfDay: string): number {
  if (s.converted) return LEAD_SCORE.converted;
  const w = LEAD_SCORE;
  const profile = (s.kind === 'trial' ? w.signup.trial : w.signup.member) + (s.name ? w.hasName : 0) + (s.email ? w.hasEmail : 0)
    + (s.trialed ? w.startedTrial : 0);
  const activity = Math.min(w.postsCap, s.posts * w.perPost) + Math.min(w.reviewsCap, s.reviews * w.perReview)
    + Math.min(w.humidorAddsCap, s.humidorAdds * w.perHumidorAdd) + Math.min(w.rsvpsCap, s.rsvps * w.perRsvp);
  const since = s.lastActiveAt ?? s.createdAt;
  const recency = since ? w.recency * Math.pow(0.5, wholeDaysBetween(utcDay(since), asOfDay) / w.recencyHalfLifeDays) : 0;
  return Math.min(w.max, Math.round(profile + activity + recency));
}

/** Sort key of GSI2 (top leads by score, then newest id). */
export const scoreSortKey = (score: number, id: string) => `${String(score).padStart(3, '0')}#${id}`;
