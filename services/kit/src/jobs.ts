import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, isConditionFailure, TABLE } from './ddb.ts';
import { queryAll } from './items.ts';
import { logger } from './logger.ts';
import { transact } from './transactions.ts';

/**
 * Jobs that finish at any size (docs/architecture.md, "Jobs"): a job that walks many items (every lead, every follower
 * of a member being deleted, a catalog import) runs in pages, one page at a time, each page idempotent, with a
 * checkpoint (its cursor) written after every page. A worker invocation runs pages while its time budget lasts, then
 * leaves the job for the next one: the service's minute schedule (the outbox relay's) continues every unfinished job
 * (`continueJobs`). A run cut anywhere (a timeout, a crash) resumes from its last checkpoint; the page after it may run
 * twice, which is why pages are idempotent (per run: `runId` names the run, e.g. for "scored in this run" markers).
 *
 * A job item per name and key: `JOB#<name>` / `KEY#<key>`, in the `JOBS` list while it runs (a sparse second copy of
 * the key under `PK = JOBS`, so the schedule finds running jobs with one Query).
 */

/** One page of a job: given the cursor it stopped at (null at the start), do one bounded batch; answer the next cursor or null when done. */
export type JobPage<P> = (input: { params: P; cursor: string | null; runId: string; key: string }) => Promise<{ next: string | null; done?: number }>;

export interface JobState<P = unknown> {
  name: string;
  key: string;
  runId: string;
  params: P;
  cursor: string | null;
  status: 'running' | 'done';
  /** Pages run so far, and items the pages said they handled. */
  pages: number;
  handled: number;
  startedAt: string;
  finishedAt?: string;
  /** Epoch seconds after which DynamoDB removes a finished job's record. */
  ttl?: number;
  v: number;
}

/** How long a finished job's record is kept (its state answers `readJob` meanwhile). */
const FINISHED_JOB_TTL_SECONDS = 7 * 24 * 3600;

const jobKey = (name: string, key: string) => ({ PK: `JOB#${name}`, SK: `KEY#${key}` });
const RUNNING_PK = 'JOBS';
const runningKey = (name: string, key: string) => ({ PK: RUNNING_PK, SK: `${name}#${key}` });

/** The job's current state, or null if it never ran. */
export async function readJob<P>(name: string, key = 'all'): Promise<JobState<P> | null> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: jobKey(name, key), ConsistentRead: true }));
  return (out.Item as JobState<P> | undefined) ?? null;
}

/**
 * Starts a run of job `name` for `key` with `params`, unless one is running already (then that run goes on, and its
 * state is answered): starting twice never makes two runs. The job item and its entry in the running list are written
 * in one transaction, so a run is never left running where the schedule cannot find it.
 */
export async function startJob<P>(name: string, params: P, key = 'all', now = new Date()): Promise<JobState<P>> {
  const state: JobState<P> = {
    name, key, runId: randomUUID(), params, cursor: null, status: 'running', pages: 0, handled: 0, startedAt: now.toISOString(), v: 1,
  };
  const r = await transact({
    job: {
      Put: {
        TableName: TABLE, Item: { ...jobKey(name, key), ...state },
        ConditionExpression: 'attribute_not_exists(PK) OR #s <> :running', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':running': 'running' },
      },
    },
    running: { Put: { TableName: TABLE, Item: { ...runningKey(name, key), name, key, runId: state.runId } } },
  });
  if (r.ok) return state;
  const current = await readJob<P>(name, key);
  if (!current) throw new Error(`job ${name}/${key} neither started nor found`);
  return current;
}

/**
 * Runs pages of the job until it is done or `deadline` (epoch ms) is near, writing the checkpoint after each page on
 * the version it read (a second runner of the same job loses the race and stops). Answers the state it left.
 */
export async function runJob<P>(name: string, page: JobPage<P>, opts: { key?: string; deadline: number; now?: () => number }): Promise<JobState<P> | null> {
  const key = opts.key ?? 'all';
  const now = opts.now ?? Date.now;
  let state = await readJob<P>(name, key);
  while (state && state.status === 'running' && now() < opts.deadline) {
    const { next, done } = await page({ params: state.params, cursor: state.cursor, runId: state.runId, key });
    const after: JobState<P> = {
      ...state, cursor: next, pages: state.pages + 1, handled: state.handled + (done ?? 0), v: state.v + 1,
      // A finished job's record (which may name a deleted member) expires with the table's TTL a week later.
      ...(next === null ? { status: 'done' as const, finishedAt: new Date(now()).toISOString(), ttl: Math.floor(now() / 1000) + FINISHED_JOB_TTL_SECONDS } : {}),
    };
    try {
      await ddb.send(new PutCommand({
        // The run as read too: a run started after this one finished counts its versions from 1 again.
        TableName: TABLE, Item: { ...jobKey(name, key), ...after },
        ConditionExpression: 'v = :v AND runId = :run', ExpressionAttributeValues: { ':v': state.v, ':run': state.runId },
      }));
    } catch (err) {
      if (isConditionFailure(err)) return readJob<P>(name, key);
      throw err;
    }
    state = after;
  }
  if (!state || state.status === 'done') await leaveRunningList(name, key, state?.runId);
  return state;
}

/**
 * A finished run (or a job item gone) leaves the running list; a repeat changes nothing. The entry is deleted only if
 * it is still this run's: a run started meanwhile keeps its own.
 */
async function leaveRunningList(name: string, key: string, runId: string | undefined): Promise<void> {
  try {
    await ddb.send(new DeleteCommand({
      TableName: TABLE, Key: runningKey(name, key),
      ...(runId ? { ConditionExpression: 'attribute_not_exists(runId) OR runId = :run', ExpressionAttributeValues: { ':run': runId } } : {}),
    }));
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/**
 * Continues every unfinished job of the service with the pages it knows (`pages` by job name), within `deadline`; the
 * service's minute schedule calls it, so a job cut by a timeout goes on within a minute. A job whose page fails is
 * logged and left at its checkpoint for the next minute: it never holds up the jobs after it.
 */
export async function continueJobs(pages: Record<string, JobPage<never>>, deadline: number): Promise<void> {
  const running = await queryAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': RUNNING_PK }, ConsistentRead: true });
  for (const r of running) {
    if (Date.now() >= deadline) return;
    const page = pages[String(r.name)];
    if (!page) {
      logger.warn('a running job no page knows', { name: r.name, key: r.key });
      continue;
    }
    try {
      await runJob(String(r.name), page as JobPage<unknown>, { key: String(r.key), deadline });
    } catch (err) {
      logger.warn('a job page failed: the job goes on from its checkpoint at the next tick', { error: err as Error, name: r.name, key: r.key });
    }
  }
}
