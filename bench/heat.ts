import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PARTITION_LOG_SETTING } from '@torcedor/shared/runtime';
import type { PartitionLine } from '../services/kit/src/partition-log.ts';
import { startStack, type Stack } from '../local/src/stack.ts';
import { DAILY_ACTIVE, DAILY_MIX, PEAK_FACTOR, type Action } from './mix.ts';
import { signedInMember, type BenchMember } from './session.ts';

/**
 * B12, the partition-heat simulation (docs/cost.md, "Hot partitions"): a stack of its own records the partition of
 * every DynamoDB request (services/kit/src/partition-log.ts) while members do their days of the mix (mix.ts). Each
 * partition's write and read units are projected to a million members at the busiest second (PEAK_FACTOR times the
 * day's average): a partition shared by members (no member's or object's id in its key) grows with the daily-active
 * members; one of a member or an object keeps its own day's rate. Goals: no partition above 300 write or 1,000 read
 * units a second (a third of DynamoDB's limits), and a viral post's 1,000 likes a second under the same 300.
 * What it measured also feeds the cost model (B13, scripts/cost.ts).
 */
export interface HeatMeasure {
  memberDays: number;
  /** Per action of the mix: how many ran, their mean latency (ms), and how many were not answered 2xx. */
  actions: Record<string, { count: number; meanMs: number; refused: number }>;
  /** Over the whole simulated period: read and write units, outbox events (each a published domain event). */
  readUnits: number;
  writeUnits: number;
  events: number;
  /** The hottest partitions at a million members, per second at peak. */
  hottestWrites: { partition: string; units: number }[];
  hottestReads: { partition: string; units: number }[];
  viralLikeWrites: { partition: string; units: number };
}

const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
/** A key of one member's, object's or address's own: an id or an IP address in it (everything else is shared). */
const OWN = new RegExp(`${ID.source}|\\b\\d{1,3}(\\.\\d{1,3}){3}\\b|[0-9a-f]{1,4}(:[0-9a-f]{0,4}){2,7}`, 'i');
const CIGARS = ['padron-1964-anniversary-series-exclusivo', 'my-father-le-bijou-1922-churchill', 'oliva-serie-v-melanio', 'ashton-virgin-sun-grown-wizard', 'romeo-y-julieta-1875-churchill'];

interface World { stack: Stack; members: BenchMember[]; posts: string[]; events: string[] }
const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
/** A state-changing request as the page sends it: the session, the page's origin, and JSON (even without a body). */
const withOrigin = (w: World, m: BenchMember) => ({ cookies: m.cookies, headers: { origin: w.stack.url, 'content-type': 'application/json' } });

/** The first refusal of each action, for the bench's notes. */
export const firstRefusals = new Map<string, string>();
const seen = async (action: string, r: Promise<{ status: number; body: unknown }>) => {
  const out = await r;
  if (out.status >= 300 && !firstRefusals.has(action)) firstRefusals.set(action, `${out.status} ${JSON.stringify(out.body).slice(0, 120)}`);
  return out;
};

/** One request of each action, as a member (or a visitor) makes it; answers its status. */
const ACTIONS: Record<Action, (w: World, i: number) => Promise<number>> = {
  session: async (w) => (await w.stack.api('GET', '/api/auth/user', { cookies: pick(w.members).cookies })).status,
  feedPage: async (w) => (await w.stack.api('GET', '/api/feed', { cookies: pick(w.members).cookies })).status,
  search: async (w) => (await w.stack.api('GET', `/api/search?q=${pick(['padron', 'churchill', 'maduro', 'robusto'])}`, { cookies: pick(w.members).cookies })).status,
  eventsList: async (w) => (await w.stack.api('GET', '/api/events', { cookies: pick(w.members).cookies })).status,
  humidorView: async (w) => (await w.stack.api('GET', '/api/humidor', { cookies: pick(w.members).cookies })).status,
  like: async (w) => (await seen('like', w.stack.api('POST', `/api/posts/${pick(w.posts)}/like`, withOrigin(w, pick(w.members))))).status,
  comment: async (w, i) => (await w.stack.api('POST', `/api/posts/${pick(w.posts)}/comments`, { ...withOrigin(w, pick(w.members)), body: { content: `Lovely draw ${i}` } })).status,
  post: async (w, i) => {
    const r = await w.stack.api('POST', '/api/posts', { ...withOrigin(w, pick(w.members)), body: { content: `Tonight's smoke ${i}`, postType: 'text' } });
    if (r.status === 201) w.posts.push((r.body as { id: string }).id);
    return r.status;
  },
  follow: async (w, i) => {
    // Someone the member does not follow yet: a member follows the next three at set-up.
    const at = i % w.members.length;
    return (await seen('follow', w.stack.api('POST', `/api/follow/${w.members[(at + 4 + (i % 5)) % w.members.length]!.userId}`, withOrigin(w, w.members[at]!)))).status;
  },
  review: async (w, i) => (await seen('review', w.stack.api('POST', '/api/reviews', {
    ...withOrigin(w, w.members[i % w.members.length]!),
    body: { cigarId: CIGARS[i % CIGARS.length]!, drawScore: 80 + (i % 20), burnScore: 85, flavorScore: 88, overallScore: 86, flavorTags: ['cedar'], notes: 'Even burn.' },
  }))).status,
  humidorAdd: async (w) => (await w.stack.api('POST', '/api/humidor', { ...withOrigin(w, pick(w.members)), body: { cigarId: pick(CIGARS), quantity: 1 } })).status,
  rsvp: async (w) => (await w.stack.api('POST', `/api/events/${pick(w.events)}/rsvp`, { ...withOrigin(w, pick(w.members)), body: { status: 'going' } })).status,
  visit: async (w) => (await w.stack.api('POST', '/api/marketing/visits', { headers: { origin: w.stack.url }, body: {} })).status,
  login: async (w) => {
    const m = pick(w.members);
    return (await w.stack.api('POST', '/api/auth/login', { headers: { origin: w.stack.url }, body: { email: m.email, password: 'Bench-Pass-2026' } })).status;
  },
  signup: async (w, i) => (await w.stack.api('POST', '/api/auth/signup', {
    headers: { origin: w.stack.url },
    body: { email: `heat-new-${Date.now()}-${i}@example.com`, password: 'Bench-Pass-2026', firstName: 'New', lastName: 'Member', dateOfBirth: '1985-01-01', country: 'US' },
  })).status,
};

/** The members, their follows, a post each and two events: the club the day runs in (not measured). */
async function setUp(stack: Stack, members: number): Promise<World> {
  const w: World = { stack, members: [], posts: [], events: [] };
  for (let i = 0; i < members; i++) w.members.push(await signedInMember(stack, `heat${i}`));
  for (const [i, m] of w.members.entries()) {
    for (let k = 1; k <= 3; k++) await seen('set-up follow', stack.api('POST', `/api/follow/${w.members[(i + k) % members]!.userId}`, withOrigin(w, m)));
    const p = await stack.api('POST', '/api/posts', { ...withOrigin(w, m), body: { content: `Hello from ${i}`, postType: 'text' } });
    w.posts.push((p.body as { id: string }).id);
  }
  for (const host of w.members.slice(0, 2)) {
    const startAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const e = await stack.api('POST', '/api/events', {
      ...withOrigin(w, host), body: { title: 'Heat night', description: null, eventType: 'tasting', venueName: 'Lounge', address: '1 Main St', startAt, endAt: null, capacity: null, isAgeRestricted: true },
    });
    w.events.push((e.body as { id: string }).id);
  }
  await stack.busIdle();
  return w;
}

/** A partition's template: ids left out, so shards and days stay apart and members' partitions read as one kind. */
const template = (p: string) => p.replace(new RegExp(ID.source, 'gi'), '<id>').replace(/\b\d{1,3}(\.\d{1,3}){3}\b/g, '<address>');

/** Projects each partition's units in the simulation to a million members at the busiest second. */
function project(lines: PartitionLine[], kind: 'r' | 'w', memberDays: number, days: number): { partition: string; units: number }[] {
  const perPartition = new Map<string, number>();
  for (const l of lines) {
    for (const h of l.hits) {
      if (h.kind !== kind) continue;
      const key = `${l.table} ${h.index ?? 'main'} ${h.pk}`;
      perPartition.set(key, (perPartition.get(key) ?? 0) + h.units);
    }
  }
  const perSecond = (unitsPerDay: number) => (unitsPerDay / 86_400) * PEAK_FACTOR;
  return [...perPartition].map(([partition, units]) => ({
    partition: template(partition),
    // Shared by members: its day's units grow with the daily-active members; a member's or an object's stay its own.
    units: OWN.test(partition) ? perSecond(units / days) : perSecond((units / memberDays) * DAILY_ACTIVE),
  })).sort((a, b) => b.units - a.units);
}

/**
 * A viral post in its steady state: `likers` members like one post; the first half warm it up (past the likes its
 * author is told of one by one), the second half are recorded. Each partition's write units per recorded like, times
 * 1,000, is that partition's load at 1,000 likes a second; answers the hottest.
 */
async function viralPost(w: World, log: string, likers: number): Promise<{ partition: string; units: number }> {
  const fans = [...w.members];
  for (let i = fans.length; i < likers; i++) fans.push(await signedInMember(w.stack, `heatfan${i}`));
  const author = w.members[0]!;
  const p = await w.stack.api('POST', '/api/posts', { ...withOrigin(w, author), body: { content: 'A viral maduro', postType: 'text' } });
  const postId = (p.body as { id: string }).id;
  const warm = Math.floor(fans.length / 2);
  for (const f of fans.slice(0, warm)) await seen('viral like', w.stack.api('POST', `/api/posts/${postId}/like`, withOrigin(w, f)));
  await w.stack.busIdle();
  const from = statSync(log).size;
  const recorded = fans.slice(warm);
  for (const f of recorded) await seen('viral like', w.stack.api('POST', `/api/posts/${postId}/like`, withOrigin(w, f)));
  await w.stack.busIdle();
  const perPartition = new Map<string, number>();
  for (const l of readFileSync(log, 'utf8').slice(from).split('\n').filter(Boolean).map((x) => JSON.parse(x) as PartitionLine)) {
    for (const h of l.hits) {
      if (h.kind !== 'w') continue;
      const key = `${l.table} ${h.index ?? 'main'} ${h.pk}`;
      perPartition.set(key, (perPartition.get(key) ?? 0) + h.units);
    }
  }
  const [partition, units] = [...perPartition].sort((a, b) => b[1] - a[1])[0] ?? ['none', 0];
  return { partition: template(partition), units: (units / recorded.length) * 1000 };
}

/** Runs the simulation on a stack of its own and answers what it measured. */
export async function benchHeat(opts: { quick: boolean; port: number }): Promise<HeatMeasure> {
  const dir = mkdtempSync(join(tmpdir(), 'torcedor-heat-'));
  const log = join(dir, 'partitions.jsonl');
  writeFileSync(log, '');
  const saved = { log: process.env[PARTITION_LOG_SETTING], demo: process.env.LOCAL_DEMO_CLUB };
  Object.assign(process.env, { [PARTITION_LOG_SETTING]: log, LOCAL_DEMO_CLUB: '0' });
  const stack = await startStack({ port: opts.port, dataDir: join(dir, 'data'), quiet: true, logLevel: 'ERROR', web: false });
  try {
    // The catalog's seed and its copies in the other services are the stack's start, not a member's day.
    await stack.backgroundSeeded;
    await stack.busIdle();
    const members = opts.quick ? 12 : 24;
    const days = opts.quick ? 3 : 5;
    const w = await setUp(stack, members);
    const from = statSync(log).size;
    const actions: HeatMeasure['actions'] = {};
    for (const [action, rate] of Object.entries(DAILY_MIX) as [Action, number][]) {
      const n = Math.max(1, Math.round(rate * members * days));
      let total = 0;
      let refused = 0;
      for (let i = 0; i < n; i++) {
        const t = performance.now();
        const status = await ACTIONS[action](w, i);
        if (status >= 500) throw new Error(`B12 ${action} answered ${status}`);
        if (status >= 300) refused += 1;
        total += performance.now() - t;
      }
      actions[action] = { count: n, meanMs: total / n, refused };
    }
    await stack.busIdle();
    const to = statSync(log).size;
    const viral = await viralPost(w, log, 80);
    const lines = readFileSync(log, 'utf8').slice(from, to).split('\n').filter(Boolean).map((l) => JSON.parse(l) as PartitionLine);
    const memberDays = members * days;
    const sum = (kind: 'r' | 'w') => lines.reduce((a, l) => a + l.hits.filter((h) => h.kind === kind).reduce((b, h) => b + h.units, 0), 0);
    const events = lines.reduce((a, l) => a + l.hits.filter((h) => h.kind === 'w' && h.pk.startsWith('OUTBOX') && l.op !== 'DeleteItem').length, 0);
    return {
      memberDays, actions, readUnits: sum('r'), writeUnits: sum('w'), events,
      hottestWrites: project(lines, 'w', memberDays, days).slice(0, 5),
      hottestReads: project(lines, 'r', memberDays, days).slice(0, 5),
      viralLikeWrites: viral,
    };
  } finally {
    await stack.stop();
    if (saved.log === undefined) delete process.env[PARTITION_LOG_SETTING];
    else process.env[PARTITION_LOG_SETTING] = saved.log;
    if (saved.demo === undefined) delete process.env.LOCAL_DEMO_CLUB;
    else process.env.LOCAL_DEMO_CLUB = saved.demo;
    rmSync(dir, { recursive: true, force: true });
  }
}
