import { schedules } from '@torcedor/shared/events';
import type { AutomationName, AutomationRun } from '@torcedor/shared/schemas/marketing';
import { rate } from './campaigns.ts';
import { lastDays } from './days.ts';
import { utcDay } from './scoring.ts';
import type { ClubFacts } from './writer.ts';

/** The automations as the Automation tab names them (docs/marketing.md, "Automations"). */
export const AUTOMATIONS: Record<AutomationName, { title: string; summary: string }> = {
  daily_content_generation: { title: 'Content Generation', summary: "Drafts this week's community post from the club's own activity (and campaign copy when no campaign is running) for you to edit and publish." },
  lead_scoring_update: { title: 'Lead Scoring', summary: "Recomputes every lead's engagement score from its sign-up, activity and recency." },
  campaign_optimization: { title: 'Campaign Optimization', summary: 'Ranks running campaigns by attributed sign-ups and conversions and flags the weakest.' },
};

/** An automation's schedule expression, as the bus runs it. */
export const scheduleOf = (name: AutomationName) => schedules.find((s) => s.name === name)?.expression ?? 'rate(1 day)';

/** The days the club's facts are about: the last 7 UTC dates, today included, oldest first. */
export const factDays = (now: Date) => lastDays(now, 7);

/** The records the club's facts are made of: the week's days (summed over shards), the totals, sources and cigars. */
export interface FactRecords {
  days: Record<string, unknown>[];
  totals: { totalLeads: number; convertedLeads: number };
  sources: { source: string; leads: number }[];
  cigars: { brandName: string; cigarName: string; reviews: number; averageOverall: number }[];
}

/** What the club did in the last 7 days, from marketing's own records: what every draft is written from. */
export function clubFactsOf(now: Date, r: FactRecords): ClubFacts {
  const sum = (f: string) => r.days.reduce((n, d) => n + Number(d[f] ?? 0), 0);
  return {
    date: utcDay(now), totalLeads: r.totals.totalLeads,
    weekSignups: sum('signups'), weekTrials: sum('trials'), weekConversions: sum('conversions'),
    weekPosts: sum('posts'), weekReviews: sum('reviews'), weekRsvps: sum('rsvps'), weekHumidorAdds: sum('humidorAdds'),
    conversionRate: rate(r.totals.convertedLeads, r.totals.totalLeads),
    topSources: r.sources.slice(0, 3),
    topCigars: r.cigars.slice(0, 3).map(({ brandName, cigarName, reviews, averageOverall }) => ({ brandName, cigarName, reviews, averageOverall })),
  };
}

/** A run recorded as running whose lease is gone or expired died without finishing (its worker timed out). */
export const asSeen = (run: AutomationRun, running: boolean): AutomationRun =>
  run.outcome === 'running' && !running ? { ...run, outcome: 'failed', summary: 'Did not finish: the run stopped before it could record its outcome.' } : run;

/** What campaign_optimization did, in a sentence. */
export function optimizationSummary(ranked: { id: string; ranking: { weakest: boolean } }[]): string {
  const weakest = ranked.find((r) => r.ranking.weakest);
  if (!ranked.length) return 'No campaign is running: nothing to rank.';
  return `Ranked ${ranked.length} campaign${ranked.length === 1 ? '' : 's'}${weakest ? `; weakest: ${weakest.id}` : ''}.`;
}

/** The message of a failed run as recorded (at most 300 characters). */
export const failureSummary = (err: unknown) => `Failed: ${(err as Error).message}`.slice(0, 300);

/** The refusal of a start while a run holds the automation's lease. */
export const alreadyRunning = (name: AutomationName) => `${AUTOMATIONS[name].title} is already running. Try again when this run finishes.`;
