import { FUNCTION_TIMEOUT_SECONDS } from '@torcedor/shared/runtime';
import { AutomationRun } from '@torcedor/shared/schemas/marketing';
import * as z from 'zod';

/**
 * Lead scoring as a paged job (docs/architecture.md, "Jobs"; the service README, "Lead scoring is a paged job"): every
 * lead is rescored one page of one GSI1 shard at a time (handlers/jobs.ts), the cursor checkpointed after each page
 * (store/rescore-cursor.ts), so a run of any size finishes and a run cut anywhere resumes. A page is idempotent per job
 * run: a lead is written with `scoredRun = <job run>` only if that run has not scored it (store/leads.ts#rescoreLeadsPage).
 */
export const RESCORE_JOB = 'rescore';
/** Leads per page: one GSI1 query and at most this many writes, well inside one invocation. */
export const RESCORE_PAGE_SIZE = 100;
/** How long the invocation that starts (or continues) a run rescores before it hands the rest on: half the worker's limit. */
export const RESCORE_BUDGET_MS = (FUNCTION_TIMEOUT_SECONDS.worker * 1000) / 2;

/** The job's parameters. */
export const RescoreParams = z.object({
  asOfDay: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** The automation run the job does the work of (the last page records its outcome). */
  run: AutomationRun,
  /** Who asked (an owner's id, or 'schedule'): carried by the continuation events. */
  requestedBy: z.string().min(1),
});
export type RescoreParams = z.infer<typeof RescoreParams>;

/** The outcome a finished run records: how many leads it read and changed. */
export const rescoreSummary = (c: { scanned: number; changed: number }) => `Rescored ${c.scanned} lead${c.scanned === 1 ? '' : 's'}, ${c.changed} changed.`;

/** What a run records when it found another run's job going on (that run goes on with the leads). */
export const rescoreJoined = (other: AutomationRun) => `Lead scoring started at ${other.startedAt} was still running: it goes on from where it stopped.`;
