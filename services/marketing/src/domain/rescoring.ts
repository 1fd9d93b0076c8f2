import { runJob, startJob, type JobPage } from '@torcedor/service-kit/jobs';
import { logger } from '@torcedor/service-kit/logger';
import { FUNCTION_TIMEOUT_SECONDS } from '@torcedor/shared/runtime';
import { AutomationRun } from '@torcedor/shared/schemas/marketing';
import * as z from 'zod';
import { continueRun, finishRun, holdLease } from '../data/automations.ts';
import { LEAD_INDEX_SHARDS } from '../data/keys.ts';
import { rescoreLeadsPage } from '../data/leads.ts';
import { decodeCursor, encodeCursor, type RescoreCursor } from './rescore-cursor.ts';
import { utcDay } from './scoring.ts';

/**
 * Lead scoring as a paged job (docs/architecture.md, "Jobs"; services/kit/src/jobs.ts): every lead is rescored one
 * page of one GSI1 shard at a time, the cursor (shard, DynamoDB's LastEvaluatedKey and the counts so far) checkpointed
 * after each page, so a run of any size finishes and a run cut anywhere resumes. A page is idempotent per job run:
 * a lead is written with `scoredRun = <job run>` only if that run has not scored it (data/leads.ts#rescoreLeadsPage).
 * The last page records the automation run's outcome, so "what it did" is reported however many invocations it took.
 */
export const RESCORE_JOB = 'rescore';
/** Leads per page: one GSI1 query and at most this many writes, well inside one invocation. */
export const RESCORE_PAGE_SIZE = 100;
/** How long the invocation that starts (or continues) a run rescores before it hands the rest on: half the worker's limit. */
export const RESCORE_BUDGET_MS = (FUNCTION_TIMEOUT_SECONDS.worker * 1000) / 2;

export const RescoreParams = z.object({
  asOfDay: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** The automation run the job does the work of (the last page records its outcome). */
  run: AutomationRun,
  /** Who asked (an owner's id, or 'schedule'): carried by the continuation events. */
  requestedBy: z.string().min(1),
});
export type RescoreParams = z.infer<typeof RescoreParams>;

/** The cursor a checkpoint holds (null: the start). One that does not parse starts over: pages are idempotent. */
function cursorAt(cursor: string | null): RescoreCursor {
  const at = decodeCursor(cursor);
  if (at) return at;
  logger.error('rescore cursor unreadable: starting over', { cursor });
  return decodeCursor(null)!;
}

const summaryOf = (c: RescoreCursor) => `Rescored ${c.scanned} lead${c.scanned === 1 ? '' : 's'}, ${c.changed} changed.`;

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
  const after: RescoreCursor = {
    shard: r.next ? at.shard : at.shard + 1, key: (r.next as Record<string, string> | null) ?? null,
    scanned: at.scanned + r.scanned, changed: at.changed + r.changed,
  };
  if (after.shard < LEAD_INDEX_SHARDS) return { next: encodeCursor(after), done: r.scanned };
  // A repeat of the last page (its checkpoint was not written) finds the run finished and changes nothing.
  await finishRun(run, 'succeeded', summaryOf(after), new Date());
  logger.info('automation finished', { name: run.name, runId: run.id, outcome: 'succeeded', summary: summaryOf(after) });
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
  if (jobRun.run.id !== run.id) {
    await finishRun(run, 'succeeded', `Lead scoring started at ${jobRun.run.startedAt} was still running: it goes on from where it stopped.`, new Date());
  }
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
