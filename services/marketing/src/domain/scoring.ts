import { DAY_MS } from '@torcedor/shared/constants';

/** What marketing knows of a lead to score it. */
export interface LeadSignals {
  kind: 'member' | 'trial';
  registeredAt: string;
  hasName: boolean;
  hasEmail: boolean;
  converted: boolean;
}

/**
 * Engagement score 0-100: a full member account with a name and a reachable email is worth more than an
 * anonymous trial; the score decays with the age of the sign-up (half after 30 days); a converted lead is 100.
 */
export function scoreLead(s: LeadSignals, now: Date): number {
  if (s.converted) return 100;
  const base = (s.kind === 'member' ? 40 : 20) + (s.hasName ? 10 : 0) + (s.hasEmail ? 20 : 0);
  const ageDays = Math.max(0, (now.getTime() - new Date(s.registeredAt).getTime()) / DAY_MS);
  const recency = 30 * Math.pow(0.5, ageDays / 30);
  return Math.max(0, Math.min(99, Math.round(base + recency)));
}

/** Sort key of GSI2 (top leads by score, then newest). */
export const scoreSortKey = (score: number, id: string) => `${String(score).padStart(3, '0')}#${id}`;
