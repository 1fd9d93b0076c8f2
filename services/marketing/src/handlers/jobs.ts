import { runJob, startJob, type JobPage } from '@torcedor/service-kit/jobs';
import { logger } from '@torcedor/service-kit/logger';
import type { AutomationRun } from '@torcedor/shared/schemas/marketing';
import { RESCORE_BUDGET_MS, RESCORE_JOB, RESCORE_PAGE_SIZE, RescoreParams, rescoreJoined, rescoreSummary } from '../domain/rescoring.ts';
import { utcDay } from '../domain/scoring.ts';
import { continueRun, finishRun, holdLease } from '../store/automations.ts';
import { rescoreLeadsPage } from '../store/leads.ts';
import { advance, decodeCursor, encodeCursor, type RescoreCursor } from '../store/rescore-cursor.ts';

/**
 * Lead scoring as a paged job (docs/architecture.md, "Jobs"; the service README, "Lead scoring is a paged job"): every
 * lead is rescored one page of one GSI1 shard at a time, the cursor checkpointed after each page, so a run of any size
 * finishes and a run cut anywhere resumes. The last page records the automation run's outcome, so "what it did" is
 * reported however many invocations it took.
 */

/** The cursor a checkpoint holds (null: the start). One that does not parse starts over: pages are idempotent. */
function cursorAt(cursor: string | null): RescoreCursor {
  const at = decodeCursor(cursor);
  if (at) return at;
  logger.error('rescore cursor unreadable: starting over', { cursor });
  return decodeCursor(null)!;
}

/** One page of the rescoring: the page of leads at the cursor, then the next cursor, or the run's outcome after the last. */
export const rescorePage: JobPage<RescoreParams> = async ({ params, cursor, runId }) => {
  const p = RescoreParams.safeParse(params);
  if (!p.success) {
    logger.error('rescore job with malformed params ended', { issues: p.error.issues });
    return { next: null };
  }
  const { asOfDay, run } = p.data;
  const at = cursorAt(cursor);
  await holdLease(run.name, run.id, new Date());
  const r = await rescoreLeadsPage({ shard: at.shard, start: at.key, asOfDay, runId, limit: RESCORE_PAGE_SIZE });
  const { next, totals } = advance(at, r);
  if (next) return { next: encodeCursor(next), done: r.scanned };
  // A repeat of the last page (its checkpoint was not written) finds the run finished and changes nothing.
  await finishRun(run, 'succeeded', rescoreSummary(totals), new Date());
  logger.info('automation finished', { name: run.name, runId: run.id, outcome: 'succeeded', summary: rescoreSummary(totals) });
  return { next: null, done: r.scanned };
};

/**
 * The work of a lead scoring run: starts its job (or finds the one running: a run whose lease lapsed goes on, and this
 * run leaves the leads to it), rescores pages for RESCORE_BUDGET_MS, and hands what is left to the next invocation
 * with a continuation event. A page that fails is rethrown (the bus retries the delivery), or, for a schedule's tick
 * (whose retry would find the lease held), logged and handed on the same way.
 */
export async function rescore(run: AutomationRun, requestedBy: string, onError: 'rethrow' | 'hand-over'): Promise<void> {
  const job = await startJob<RescoreParams>(RESCORE_JOB, { asOfDay: utcDay(new Date()), run, requestedBy });
  const owner = RescoreParams.safeParse(job.params);
  const jobRun = owner.success ? owner.data : { run, requestedBy };
  if (jobRun.run.id !== run.id) await finishRun(run, 'succeeded', rescoreJoined(jobRun.run), new Date());
  const deadline = Date.now() + RESCORE_BUDGET_MS;
  try {
    const state = await runJob(RESCORE_JOB, rescorePage, { deadline });
    // Stopped by the deadline (not by another runner of the same job, which goes on by itself): the next invocation goes on.
    if (state?.status === 'running' && Date.now() >= deadline) await continueRun(jobRun.run, jobRun.requestedBy, new Date());
  } catch (err) {
    if (onError === 'rethrow') throw err;
    logger.error('lead scoring page failed: handed to the next invocation', { runId: jobRun.run.id, error: err as Error });
    await continueRun(jobRun.run, jobRun.requestedBy, new Date());
  }
}
