import { randomUUID } from 'node:crypto';
import { conflict } from '@torcedor/service-kit/errors';
import type { RouteHandler } from '@torcedor/service-kit/http';
import { logger } from '@torcedor/service-kit/logger';
import { AUTOMATION_NAMES } from '@torcedor/shared/constants';
import type { Routes } from '@torcedor/shared/routes';
import type { AutomationName, AutomationRun, ContentDraft } from '@torcedor/shared/schemas/marketing';
import {
  alreadyRunning, asSeen, AUTOMATIONS, clubFactsOf, factDays, failureSummary, optimizationSummary, scheduleOf,
} from '../domain/automations.ts';
import { rankCampaigns } from '../domain/campaigns.ts';
import type { ClubFacts } from '../domain/writer.ts';
import { marketingWriter } from '../providers/index.ts';
import { finishRun, readLease, readRun, recentRuns, startRun } from '../store/automations.ts';
import { listCampaigns, saveRanking } from '../store/campaigns.ts';
import { saveDraft } from '../store/drafts.ts';
import { readTotals } from '../store/leads.ts';
import { readDays, readSources, reviewsOfDays } from '../store/stats.ts';
import { rescore } from './jobs.ts';

/** What the club did in the last 7 days, from marketing's own records: what every draft is written from. */
export async function clubFacts(now: Date): Promise<ClubFacts> {
  const days = factDays(now);
  const [dayItems, totals, sources, cigars] = await Promise.all([readDays(days[0]!), readTotals(), readSources(), reviewsOfDays(days)]);
  return clubFactsOf(now, { days: dayItems, totals, sources, cigars });
}

/** daily_content_generation: this week's post, and campaign copy when no campaign is running. */
async function generateContent(now: Date): Promise<string> {
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

/** campaign_optimization: ranks the running campaigns and records each one's ranking. */
async function optimizeCampaigns(now: Date): Promise<string> {
  const ranked = rankCampaigns(await listCampaigns(), now.toISOString());
  await Promise.all(ranked.map((r) => saveRanking(r.id, r.ranking)));
  return optimizationSummary(ranked);
}

/** One bounded automation's work (lead scoring is a paged job: handlers/jobs.ts); answers what it did in a sentence. */
const WORK: Record<Exclude<AutomationName, 'lead_scoring_update'>, (now: Date) => Promise<string>> = {
  daily_content_generation: generateContent,
  campaign_optimization: optimizeCampaigns,
};

/**
 * Runs a started run's work and records its outcome; a failure is recorded (and logged), not thrown. Lead scoring runs
 * as a paged job (handlers/jobs.ts) that records the outcome itself once its last page is done: this invocation rescores
 * what its budget allows, so a small club's run is done when this answers, a large one's goes on in the next ones.
 */
async function complete(run: AutomationRun, requestedBy: string, onError: 'rethrow' | 'hand-over'): Promise<AutomationRun> {
  if (run.name === 'lead_scoring_update') {
    await rescore(run, requestedBy, onError);
    return (await readRun(run.name, run.id)) ?? run;
  }
  const work = WORK[run.name];
  let outcome: 'succeeded' | 'failed' = 'succeeded';
  let summary: string;
  try {
    summary = await work(new Date());
  } catch (err) {
    outcome = 'failed';
    summary = failureSummary(err);
    logger.error('automation failed', { name: run.name, runId: run.id, error: err as Error });
  }
  await finishRun(run, outcome, summary, new Date());
  logger.info('automation finished', { name: run.name, runId: run.id, outcome, summary });
  return { ...run, outcome, summary };
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

/** The automations, whether each is running, and their last runs (a run whose lease lapsed shows as failed). */
export const listAutomations: RouteHandler<Routes['listAutomations']> = async () => {
  const now = Date.now();
  const items = await Promise.all(AUTOMATION_NAMES.map(async (name) => {
    const [runs, lease] = await Promise.all([recentRuns(name), readLease(name)]);
    const running = !!lease && lease.expiresAtMs > now;
    const history = runs.map((r) => asSeen(r, running && r.id === lease?.runId));
    return { name, ...AUTOMATIONS[name], schedule: scheduleOf(name), running, lastRun: history[0] ?? null, history };
  }));
  return { items };
};

/** The owner starts an automation: its lease and run are taken now, the worker does the work (AutomationRequested). */
export const runAutomation: RouteHandler<Routes['runAutomation']> = async ({ body, session }) => {
  const r = await startRun(body.name, 'owner', session.userId, new Date());
  if (!r.started) throw conflict(alreadyRunning(body.name), 'AUTOMATION_RUNNING');
  return r.run;
};
