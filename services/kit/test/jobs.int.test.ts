import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { serviceEnv } from '@torcedor/local/src/testing/service-env.ts';

/** Paged jobs with checkpoints (services/kit/src/jobs.ts), on a real table: runs, deadlines, failures and races. */
let jobs: typeof import('../src/jobs.ts');
let items: typeof import('../src/items.ts');

beforeAll(async () => {
  // Billing's table: no test of billing runs jobs, so the running list holds only this file's.
  Object.assign(process.env, serviceEnv('billing', inject('localAws')), { LOG_LEVEL: 'SILENT' });
  jobs = await import('../src/jobs.ts');
  items = await import('../src/items.ts');
});

type Params = { total: number; size: number };
/** A job over the numbers 0..total-1, `size` a page; the cursor is the next number. Records every cursor it was given. */
function counting(seen: (string | null)[] = [], hooks: { before?: (cursor: string | null) => Promise<void> | void } = {}) {
  const page: import('../src/jobs.ts').JobPage<Params> = async ({ params, cursor }) => {
    seen.push(cursor);
    await hooks.before?.(cursor);
    const from = Number(cursor ?? 0);
    const to = Math.min(params.total, from + params.size);
    return { next: to >= params.total ? null : String(to), done: to - from };
  };
  return { page, seen };
}
const jobName = (what: string) => `test-${what}-${randomUUID()}`;
const FAR = () => Date.now() + 60_000;
/** The running list's entries of these jobs. */
async function listed(...names: string[]) {
  const running = await items.queryAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': 'JOBS' }, ConsistentRead: true });
  return running.filter((r) => names.includes(String(r.name))).map((r) => String(r.name)).sort();
}
/** A clock that moves one tick per page: with `deadline: n`, a run does n pages. */
function pagesClock() {
  let t = 0;
  return { now: () => t, tick: () => { t += 1; } };
}

describe('startJob', () => {
  it('makes one run however many times it is started, and a new run once that one is done', async () => {
    const name = jobName('start');
    const started = await Promise.all(Array.from({ length: 5 }, (_, i) => jobs.startJob(name, { total: 4, size: 2, i })));
    expect(new Set(started.map((s) => s.runId)).size).toBe(1);
    const stored = await jobs.readJob<Params>(name);
    expect(stored).toMatchObject({ runId: started[0]!.runId, status: 'running', cursor: null, pages: 0, v: 1 });
    expect(await listed(name)).toEqual([name]);
    // Started again while it runs: the same run, with its own params.
    expect((await jobs.startJob(name, { total: 100, size: 1 })).runId).toBe(started[0]!.runId);

    const done = await jobs.runJob(name, counting().page, { deadline: FAR() });
    expect(done).toMatchObject({ status: 'done', pages: 2, handled: 4 });
    expect(await listed(name)).toEqual([]);
    const again = await jobs.startJob(name, { total: 2, size: 2 });
    expect(again.runId).not.toBe(started[0]!.runId);
    expect(await jobs.readJob(name)).toMatchObject({ runId: again.runId, status: 'running', params: { total: 2, size: 2 }, pages: 0, handled: 0 });
    expect(await listed(name)).toEqual([name]);
  });
});

describe('runJob', () => {
  it('stops at its deadline and the next run resumes from the checkpoint', async () => {
    const name = jobName('deadline');
    await jobs.startJob(name, { total: 10, size: 2 });
    const clock = pagesClock();
    const { page, seen } = counting([], { before: clock.tick });
    const cut = await jobs.runJob(name, page, { deadline: 2, now: clock.now });
    expect(cut).toMatchObject({ status: 'running', cursor: '4', pages: 2, handled: 4, v: 3 });
    expect(await jobs.readJob(name)).toMatchObject({ status: 'running', cursor: '4', pages: 2, handled: 4, v: 3 });
    // A deadline already passed runs no page.
    expect(await jobs.runJob(name, page, { deadline: 0, now: () => 0 })).toMatchObject({ cursor: '4', pages: 2 });
    const finished = await jobs.runJob(name, page, { deadline: FAR() });
    expect(finished).toMatchObject({ status: 'done', cursor: null, pages: 5, handled: 10 });
    expect(finished!.finishedAt).toEqual(expect.any(String));
    expect(seen).toEqual([null, '2', '4', '6', '8']);
    // A finished job runs no more pages.
    await jobs.runJob(name, page, { deadline: FAR() });
    expect(seen).toHaveLength(5);
  });

  it('leaves the checkpoint where it was when a page throws, and the next run does that page again', async () => {
    const name = jobName('throws');
    await jobs.startJob(name, { total: 6, size: 2 });
    let failures = 1;
    const { page, seen } = counting([], {
      before: (cursor) => {
        if (cursor === '4' && failures-- > 0) throw new Error('the page failed');
      },
    });
    await expect(jobs.runJob(name, page, { deadline: FAR() })).rejects.toThrow('the page failed');
    expect(await jobs.readJob(name)).toMatchObject({ status: 'running', cursor: '4', pages: 2, handled: 4, v: 3 });
    expect(await listed(name)).toEqual([name]);
    expect(await jobs.runJob(name, page, { deadline: FAR() })).toMatchObject({ status: 'done', pages: 3, handled: 6 });
    expect(seen).toEqual([null, '2', '4', '4']);
  });

  it('makes a second runner of the same job lose the version race and stop', async () => {
    const name = jobName('race');
    await jobs.startJob(name, { total: 10, size: 2 });
    let entered!: () => void;
    const inPage = new Promise<void>((r) => { entered = r; });
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const slow = counting([], { before: async () => { entered(); await gate; } });
    const second = jobs.runJob(name, slow.page, { deadline: FAR() });
    await inPage; // the second runner has read version 1 and is in its first page
    const clock = pagesClock();
    const first = await jobs.runJob(name, counting([], { before: clock.tick }).page, { deadline: 1, now: clock.now });
    expect(first).toMatchObject({ cursor: '2', pages: 1, v: 2 });
    release();
    // Its checkpoint on version 1 is refused: it answers the state the other runner left and runs no more pages.
    expect(await second).toMatchObject({ cursor: '2', pages: 1, v: 2 });
    expect(slow.seen).toEqual([null]);
    expect(await jobs.readJob(name)).toMatchObject({ cursor: '2', pages: 1, v: 2, status: 'running' });
  });

  it('never lets a runner of a finished run write over a run started after it', async () => {
    const name = jobName('stale');
    const first = await jobs.startJob(name, { total: 4, size: 2 });
    let entered!: () => void;
    const inPage = new Promise<void>((r) => { entered = r; });
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const stale = counting([], { before: async () => { entered(); await gate; } });
    const late = jobs.runJob(name, stale.page, { deadline: FAR() });
    await inPage; // read run 1 at version 1
    expect(await jobs.runJob(name, counting().page, { deadline: FAR() })).toMatchObject({ status: 'done', runId: first.runId });
    const second = await jobs.startJob(name, { total: 100, size: 10 });
    expect(second).toMatchObject({ v: 1, cursor: null });
    release();
    // Run 2 is at version 1 too: the late runner of run 1 must not write its checkpoint over it.
    expect(await late).toMatchObject({ runId: second.runId, cursor: null, pages: 0, v: 1 });
    expect(await jobs.readJob(name)).toMatchObject({ runId: second.runId, params: { total: 100, size: 10 }, cursor: null, pages: 0, status: 'running' });
    expect(await listed(name)).toEqual([name]);
  });
});

describe('continueJobs', () => {
  it('runs every unfinished job, takes the finished ones off the running list, and a failing one holds up no other', async () => {
    // Names sort in the running list: the failing job comes first.
    const stamp = randomUUID();
    const [failing, big, small, unknown] = ['a-failing', 'b-big', 'c-small', 'd-unknown'].map((n) => `test-continue-${n}-${stamp}`) as [string, string, string, string];
    await jobs.startJob(failing, { total: 4, size: 2 });
    await jobs.startJob(big, { total: 30, size: 5 });
    await jobs.startJob(small, { total: 3, size: 2 });
    await jobs.startJob(unknown, { total: 3, size: 2 });
    const broken: import('../src/jobs.ts').JobPage<Params> = async () => { throw new Error('always fails'); };
    const pages = { [failing]: broken, [big]: counting().page, [small]: counting().page } as Record<string, import('../src/jobs.ts').JobPage<never>>;

    await jobs.continueJobs(pages, FAR());
    expect(await jobs.readJob(big)).toMatchObject({ status: 'done', pages: 6, handled: 30 });
    expect(await jobs.readJob(small)).toMatchObject({ status: 'done', pages: 2, handled: 3 });
    expect(await jobs.readJob(failing)).toMatchObject({ status: 'running', cursor: null, pages: 0, v: 1 });
    expect(await listed(failing, big, small, unknown)).toEqual([failing, unknown]);
    // Past its deadline it runs nothing.
    await jobs.startJob(small, { total: 3, size: 2 });
    await jobs.continueJobs(pages, Date.now() - 1);
    expect(await jobs.readJob(small)).toMatchObject({ status: 'running', pages: 0 });
    await jobs.continueJobs(pages, FAR());
    expect(await jobs.readJob(small)).toMatchObject({ status: 'done', pages: 2 });
    expect(await listed(failing, big, small, unknown)).toEqual([failing, unknown]);
  });
});
