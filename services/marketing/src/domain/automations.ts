import { randomUUID } from 'node:crypto';
import { conflict } from '@torcedor/service-kit/errors';
import { logger } from '@torcedor/service-kit/logger';
import { DAY_MS } from '@torcedor/shared/constants';
import { schedules } from '@torcedor/shared/events';
import type { AutomationName, AutomationRun, ContentDraft } from '@torcedor/shared/schemas/marketing';
import { finishRun, readRun, startRun } from '../data/automations.ts';
import { listCampaigns, saveRanking } from '../data/campaigns.ts';
import { saveDraft } from '../data/drafts.ts';
import { readTotals } from '../data/leads.ts';
import { readDays, readSources, reviewsOfDays } from '../data/stats.ts';
import { marketingWriter } from '../providers/index.ts';
import type { ClubFacts } from '../providers/provider.ts';
import { rankCampaigns, rate } from './campaigns.ts';
import { rescore } from './rescoring.ts';
import { utcDay } from './scoring.ts';

/** The automations as the Automation tab names them (docs/marketing.md, "Automations"). */
export const AUTOMATIONS: Record<AutomationName, { title: string; summary: string }> = {
  daily_content_generation: { title: 'Content Generation', summary: "Drafts this week's community post from the club's own activity (and campaign copy when no campaign is running) for you to edit and publish." },
  lead_scoring_update: { title: 'Lead Scoring', summary: "Recomputes every lead's engagement score from its sign-up, activity and recency." },
  campaign_optimization: { title: 'Campaign Optimization', summary: 'Ranks running campaigns by attributed sign-ups and conversions and flags the weakest.' },
};

export const scheduleOf = (name: AutomationName) => schedules.find((s) => s.name === name)?.expression ?? 'rate(1 day)';

/** The last 7 UTC dates, today included, oldest first. */
const lastDays = (now: Date, n = 7) => Array.from({ length: n }, (_, i) => utcDay(new Date(now.getTime() - (n - 1 - i) * DAY_MS)));

/** What the club did in the last 7 days, from marketing's own records: what every draft is written from. */
export async function clubFacts(now: Date): Promise<ClubFacts> {
  const days = lastDays(now);
  const [dayItems, totals, sources, cigars] = await Promise.all([readDays(days[0]!), readTotals(), readSources(), reviewsOfDays(days)]);
  const sum = (f: string) => dayItems.reduce((n, d) => n + Number(d[f] ?? 0), 0);
  return {
    date: utcDay(now), totalLeads: totals.totalLeads,
    weekSignups: sum('signups'), weekTrials: sum('trials'), weekConversions: sum('conversions'),
    weekPosts: sum('posts'), weekReviews: sum('reviews'), weekRsvps: sum('rsvps'), weekHumidorAdds: sum('humidorAdds'),
    conversionRate: rate(totals.convertedLeads, totals.totalLeads),
    topSources: sources.slice(0, 3),
    topCigars: cigars.slice(0, 3).map(({ brandName, cigarName, reviews, averageOverall }) => ({ brandName, cigarName, reviews, averageOverall })),
  };
}

/** One bounded automation's work (lead scoring is a paged job: rescoring.ts); answers what it did in a sentence. */
async function work(name: Exclude<AutomationName, 'lead_scoring_update'>, now: Date): Promise<string> {
  switch (name) {
    case 'daily_content_generation': {
      const [facts, writer, campaigns] = await Promise.all([clubFacts(now), marketingWriter(), listCampaigns()]);
      const post = await writer.draftPost(facts);
      const at = now.toISOString();
      const base = { status: 'draft', generatedBy: writer.kind, createdAt: at, updatedAt: at, publishedAt: null, publishedAs: null } as const;
      await saveDraft({ id: randomUUID(), kind: 'post', title: post.title, body: post.body, campaignType: null, ...base });
      if (campaigns.some((c) => c.status === 'active')) return `Drafted the post "${post.title}".`;
      const copy = await writer.draftCampaign('acquisition', facts);
      const draft: ContentDraft = { id: randomUUID(), kind: 'campaign', title: copy.name, body: copy.description, campaignType: copy.type, ...base };
      await saveDraft(draft);
      return `Drafted the post "${post.title}" and, with no campaign running, the campaign "${copy.name}".`;
    }
    case 'campaign_optimization': {
      const ranked = rankCampaigns(await listCampaigns(), now.toISOString());
      await Promise.all(ranked.map((r) => saveRanking(r.id, r.ranking)));
      const weakest = ranked.find((r) => r.ranking.weakest);
      if (!ranked.length) return 'No campaign is running: nothing to rank.';
      return `Ranked ${ranked.length} campaign${ranked.length === 1 ? '' : 's'}${weakest ? `; weakest: ${weakest.id}` : ''}.`;
    }
  }
}

/**
 * Runs a started run's work and records its outcome; a failure is recorded (and logged), not thrown. Lead scoring runs
 * as a paged job (rescoring.ts) that records the outcome itself once its last page is done: this invocation rescores
 * what its budget allows, so a small club's run is done when this answers, a large one's goes on in the next ones.
 */
async function complete(run: AutomationRun, requestedBy: string, onError: 'rethrow' | 'hand-over'): Promise<AutomationRun> {
  if (run.name === 'lead_scoring_update') {
    await rescore(run, requestedBy, onError);
    return (await readRun(run.name, run.id)) ?? run;
  }
  const name = run.name;
  let outcome: 'succeeded' | 'failed' = 'succeeded';
  let summary: string;
  try {
    summary = await work(name, new Date());
  } catch (err) {
    outcome = 'failed';
    summary = `Failed: ${(err as Error).message}`.slice(0, 300);
    logger.error('automation failed', { name: run.name, runId: run.id, error: err as Error });
  }
  await finishRun(run, outcome, summary, new Date());
  logger.info('automation finished', { name: run.name, runId: run.id, outcome, summary });
  return { ...run, outcome, summary };
}

/** The owner starts an automation: its lease and run are taken now, the worker does the work (AutomationRequested). */
export async function requestRun(name: AutomationName, ownerId: string): Promise<AutomationRun> {
  const r = await startRun(name, 'owner', ownerId, new Date());
  if (!r.started) throw conflict(`${AUTOMATIONS[name].title} is already running. Try again when this run finishes.`, 'AUTOMATION_RUNNING');
  return r.run;
}

/**
 * The worker's part of a run the owner started, or of a paged run handed on by its last invocation (a repeat of a
 * finished run does nothing).
 */
export async function runRequested(name: AutomationName, runId: string, requestedBy: string): Promise<void> {
  const run = await readRun(name, runId);
  if (!run || run.outcome !== 'running') return;
  // A failed page is thrown: the bus retries this delivery a few times.
  await complete(run, requestedBy, 'rethrow');
}

/** A schedule's tick: runs the job unless a run of it holds the lease (then it is skipped, and logged). */
export async function runScheduled(name: AutomationName): Promise<AutomationRun | null> {
  const r = await startRun(name, 'schedule', null, new Date());
  if (!r.started) {
    logger.info('automation skipped: already running', { name, heldUntil: r.heldUntil });
    return null;
  }
  // A retry of a schedule's tick would find the lease held: a failed page is handed on as an event instead.
  return complete(r.run, 'schedule', 'hand-over');
}
