/**
 * B3, the feed page: GET /api/feed (first page, FEED_PAGE_SIZE entries) through social's real HTTP handler, run in
 * this process against the stack's DynamoDB Local and user pool (the stack's own social runs in a worker thread,
 * where its DynamoDB client cannot be observed), with session verification like every request.
 *
 *   1. page p50 vs the page's own reads made raw through the very client the handler uses (the kit's): the timeline
 *      Query of the same page (20 items, newest first), then BatchGetItem of the same keys the page read (recorded
 *      from a real page; as many BatchGetItems as it sent, 100 keys at most each, together); all sampled in turn
 *      (goal <= 1.3x)
 *   2. DynamoDB commands a page sends, how many of them are sequential round trips, RCUs per page (goal <= 2)
 *   3. page p50 of a reader following 500 members vs one following 1 member, sampled alternately (goal <= 1.2x)
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { BatchGetItemCommand, DynamoDBClient, type BatchGetItemCommandInput } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { FEED_PAGE_SIZE, FOLLOW_BACKFILL_POSTS } from '@torcedor/shared/constants';
import { domainEvents } from '@torcedor/shared/events';
import { serviceEnv } from '../local/src/testing/service-env.ts';
import type { Stack } from '../local/src/stack.ts';
import { busEvent, deliver } from '../services/kit/test/bus.ts';
import { httpEvent } from '../services/kit/test/http-event.ts';
import { signedInMember, type BenchMember } from './session.ts';
import { busyTime, commandRecorder, roundTripTimes, sequentialRoundTrips } from './round-trips.ts';

export interface FeedBenchRow { id: 'B3'; what: string; ours: number; floor: number; unit: string; goal: string; better: 'higher' | 'lower'; limit: number }
export interface FeedBenchResult { rows: FeedBenchRow[]; floors: Record<string, number>; notes: string[] }

type Handler = (event: APIGatewayProxyEventV2, context: unknown) => Promise<APIGatewayProxyStructuredResultV2>;
/** One DynamoDB command as the recorder saw it: name, start and end (ms, performance.now()), read capacity. */

const FOLLOWED = 500;
/** What Lambda passes a function besides the event (the local stack's host passes the same). */
const lambdaContext = (fn: string) => ({
  functionName: `torcedor-social-${fn}`, functionVersion: '$LATEST', invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:torcedor-social-${fn}`,
  memoryLimitInMB: '1024', awsRequestId: randomUUID(), logGroupName: `/aws/lambda/torcedor-social-${fn}`, logStreamName: 'bench',
  callbackWaitsForEmptyEventLoop: true, getRemainingTimeInMillis: () => 30_000, done: () => undefined, fail: () => undefined, succeed: () => undefined,
});
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Runs the tasks with at most `n` in flight (what one DynamoDB Local process answers in time). */
async function inParallel(tasks: (() => Promise<unknown>)[], n: number): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < tasks.length) await tasks[next++]!();
  }));
}

/** social's modules as the bench uses them, loaded after its env is set (read at import). */
type Social = Awaited<ReturnType<typeof loadSocial>>;
/** A client of the bench's own for the seed, and a bulk writer through it. */
type SeedDb = ReturnType<typeof seedDb>;
interface Readers { one: BenchMember; many: BenchMember; single: string; followed: string[] }

/** Times the seed's steps (`BENCH_DEBUG` prints each as it ends). */
function stepClock(t0: number) {
  let tStep = t0;
  const steps: string[] = [];
  const step = (name: string) => {
    steps.push(`${name} ${((performance.now() - tStep) / 1000).toFixed(1)} s`);
    if (process.env.BENCH_DEBUG) console.error(`B3: ${steps.at(-1)}`);
    tStep = performance.now();
  };
  return { steps, step };
}

export async function benchFeed(stack: Stack, opts: { samples: number }): Promise<FeedBenchResult> {
  const t0 = performance.now();
  const clock = stepClock(t0);
  const social = await loadSocial(stack);
  const db = seedDb(stack, social.kit.TABLE);

  // ---- Seed -----------------------------------------------------------------------------------------
  const readers = await seedReaders(stack, social, db, clock.step);
  await checkDirectItems(social, db, readers);
  const seedSeconds = (performance.now() - t0) / 1000;

  // ---- Measure --------------------------------------------------------------------------------------
  const feed = feedCalls(social);
  const { entriesOne, entriesMany } = await checkPages(social, feed, readers);
  const floorPage = await rawPageOf(social, feed, readers.many);
  const latency = { ...(await sampleLatencies(feed, floorPage.rawPage, readers, opts.samples)), floorBatches: floorPage.batches };
  const commands = await observeCommands(social, feed, readers);
  const b3Seconds = (performance.now() - t0) / 1000;

  return report({ latency, commands, entriesOne, entriesMany, seedSeconds, b3Seconds, steps: clock.steps });
}

/** social's handler and worker, configured as the stack configures its own social (env read at import). */
async function loadSocial(stack: Stack) {
  Object.assign(process.env, serviceEnv('social', stack.aws, { logLevel: 'ERROR' }));
  const kit = await import('@torcedor/service-kit/ddb');
  const { keys } = await import('../services/social/src/store/keys.ts');
  const { entryFields } = await import('../services/social/src/domain/posts.ts');
  const { indexKeys } = await import('@torcedor/service-kit/items');
  const { isoDay } = await import('@torcedor/shared/formatters');
  const http = (await import('../services/social/src/http.ts')).handler as unknown as Handler;
  const worker = (await import('../services/social/src/worker.ts')).handler as unknown as (e: unknown, c: unknown) => Promise<unknown>;
  return { kit, keys, entryFields, indexKeys, isoDay, http, worker };
}

/**
 * Seed writes go through a client of the bench's own with the SDK's default deadlines (the kit's fail-fast
 * ones are for requests; bulk writes on a busy machine can take longer).
 */
function seedDb(stack: Stack, table: string) {
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: stack.aws.region, endpoint: stack.dynamoEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));
  const write = async (all: Record<string, unknown>[]) => {
    const batches = Array.from({ length: Math.ceil(all.length / 25) }, (_, i) => all.slice(i * 25, i * 25 + 25));
    await inParallel(batches.map((batch) => async () => {
      let requests = batch.map((Item) => ({ PutRequest: { Item } }));
      while (requests.length) {
        const out = await client.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
        requests = (out.UnprocessedItems?.[table] ?? []) as typeof requests;
      }
    }), 8);
  };
  return { client, write };
}

/** A member's profile as identity's UserProfileChanged carries it (version 1), the fields its schema defaults filled in. */
const profileEvent = (userId: string, i: number) => domainEvents.UserProfileChanged.detail.parse({
  userId, version: 1, displayName: `Bench Member ${i}`, location: 'Estelí', profileImageUrl: null, bio: null,
  profileVisibility: 'public', allowFollowRequests: true, showLocationInProfile: true, followNotifications: true,
  reviewNotifications: true, eventNotifications: true, marketingEmails: false, contentFilter: 'standard',
});
/** social's copy of that profile, as its worker's upsertAuthor writes it (all but the marketing setting). */
const authorCopy = (userId: string, i: number) => {
  const { marketingEmails: _marketing, ...copy } = profileEvent(userId, i);
  return copy;
};

/** A post as the items social's createPost writes (store/posts.ts): the post with its GSI1/GSI2 keys, the author's own timeline entry. */
function postOf(social: Social, userId: string, at: number, k: number) {
  const { keys, indexKeys, isoDay, entryFields } = social;
  const p = {
    postId: randomUUID(), userId, postType: 'text' as const, content: `Smoke ${k}: a maduro after dinner`, imageUrl: null,
    likeCount: 0, commentCount: 0, createdAt: new Date(at).toISOString(),
  };
  const sk = keys.postSk(p.createdAt, p.postId);
  return {
    post: p, sk,
    items: [
      { ...keys.post(p.postId), ...p, ...indexKeys({ GSI1: [keys.postsBy(p.userId), sk], GSI2: [keys.postsOfDay(isoDay(new Date(p.createdAt))), sk] }) },
      { ...keys.timelineEntry(p.userId, sk), ...entryFields(p) },
    ],
  };
}

/** Two readers signed in as B4's member is (identity on the stack; their profiles reach social through the bus). */
async function seedReaders(stack: Stack, social: Social, db: SeedDb, step: (name: string) => void): Promise<Readers> {
  const [one, many] = [await signedInMember(stack, 'feed-1'), await signedInMember(stack, 'feed-500')];
  step('sign-ins');
  const { single, base } = await followOne(stack, social, db, one);
  step('reader following 1 (handler + worker)');
  const followed = await followMany(social, db, many, base);
  step(`reader following ${FOLLOWED} (items)`);
  return { one, many, single, followed };
}

/**
 * The reader following 1 member gets there through the real paths: the member's profile delivered to social's
 * worker as identity's UserProfileChanged (as services/social/test/social.int.test.ts `profile()` does), the
 * follow through the handler (POST /api/follow/{id}), the back-fill by the stack's own social worker from the
 * FollowChanged event on the stack's bus.
 */
async function followOne(stack: Stack, social: Social, db: SeedDb, one: BenchMember): Promise<{ single: string; base: number }> {
  const single = randomUUID();
  await deliver((e) => social.worker(e, lambdaContext('worker')), busEvent('UserProfileChanged', profileEvent(single, 0)));
  const base = Date.now() - 3_600_000;
  // Written as items, not through POST /api/posts (a session per member); nobody follows the member yet, so the
  // PostPublished event (left out) would fan out to no one.
  await db.write(Array.from({ length: FEED_PAGE_SIZE + 5 }, (_, k) => postOf(social, single, base + k, k).items).flat());
  const r = await social.http(httpEvent('POST', `/api/follow/${single}`, { cookies: one.cookies, pathParameters: { id: single } }), lambdaContext('http'));
  if (r.statusCode !== 200) throw new Error(`POST /api/follow answered ${r.statusCode}: ${r.body}`);
  await stack.busIdle();
  return { single, base };
}

/**
 * The reader following 500 members: the same items, written directly (500 follows through the handler and 500
 * back-fills take minutes on DynamoDB Local): each member's profile copy (what the worker's upsertAuthor sets),
 * one post, the follow edge with its GSI1 keys and both members' totals (what store/follows.ts `follow` writes;
 * its notification and events are left out, the feed reads neither), and the reader's timeline entry of that
 * post (what the back-fill writes). Checked by `checkDirectItems` against the items the real paths wrote for the first reader.
 */
async function followMany(social: Social, db: SeedDb, many: BenchMember, base: number): Promise<string[]> {
  const { keys, indexKeys, entryFields } = social;
  const followed = Array.from({ length: FOLLOWED }, () => randomUUID());
  const now = new Date().toISOString();
  const items: Record<string, unknown>[] = followed.flatMap((userId, i) => {
    const { post, sk, items: postItems } = postOf(social, userId, base + 60_000 + i * 1000, 0);
    return [
      { ...keys.author(userId), ...authorCopy(userId, i + 1) },
      ...postItems,
      { ...keys.follow(many.userId, userId), followerId: many.userId, followeeId: userId, createdAt: now, ...indexKeys({ GSI1: [keys.followersOf(userId), many.userId] }) },
      { ...keys.counts(userId), userId, followersCount: 1, version: 1 },
      { ...keys.timelineEntry(many.userId, sk), ...entryFields(post) },
    ];
  });
  items.push({ ...keys.counts(many.userId), userId: many.userId, followingCount: FOLLOWED, version: FOLLOWED });
  await db.write(items);
  return followed;
}

/** The directly written items have the attributes of those the service wrote. */
async function checkDirectItems(social: Social, db: SeedDb, { one, many, single, followed }: Readers): Promise<void> {
  const { kit, keys } = social;
  const get = async (key: { PK: string; SK: string }) => (await db.client.send(new GetCommand({ TableName: kit.TABLE, Key: key }))).Item ?? {};
  const firstEntry = async (reader: string) => (await db.client.send(new QueryCommand({
    TableName: kit.TABLE, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.timeline(reader) }, Limit: 1,
  }))).Items?.[0] ?? {};
  const shape = (i: Record<string, unknown>) => Object.keys(i).sort().join();
  const pairs: [string, Record<string, unknown>, Record<string, unknown>][] = [
    ['profile copy', await get(keys.author(single)), await get(keys.author(followed[0]!))],
    ['follow edge', await get(keys.follow(one.userId, single)), await get(keys.follow(many.userId, followed[0]!))],
    ['timeline entry', await firstEntry(one.userId), await firstEntry(many.userId)],
  ];
  for (const [what, real, direct] of pairs) {
    if (shape(real) !== shape(direct)) throw new Error(`B3 seed: the ${what} written directly (${shape(direct)}) differs from social's (${shape(real)})`);
  }
}

/** The two calls compared: a feed page through the handler, and the raw Query of the same timeline page through the kit's `ddb`. */
function feedCalls(social: Social) {
  const { kit, keys, http } = social;
  const feedEvent = (reader: BenchMember) => httpEvent('GET', '/api/feed', { cookies: reader.cookies });
  const page = async (reader: BenchMember) => {
    const r = await http(feedEvent(reader), lambdaContext('http'));
    if (r.statusCode !== 200) throw new Error(`GET /api/feed answered ${r.statusCode}: ${r.body}`);
    return r;
  };
  const rawQuery = (reader: BenchMember) => kit.ddb.send(new QueryCommand({
    TableName: kit.TABLE, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.timeline(reader.userId) },
    ScanIndexForward: false, Limit: FEED_PAGE_SIZE,
  }));
  return { page, rawQuery };
}
type FeedCalls = ReturnType<typeof feedCalls>;

/** Both readers see a full page, newest first, each entry a post of someone they follow. Returns their timelines' sizes. */
async function checkPages(social: Social, { page, rawQuery }: FeedCalls, { one, many }: Readers): Promise<{ entriesOne: number; entriesMany: number }> {
  for (const [reader, expectAuthors] of [[one, 1], [many, FEED_PAGE_SIZE]] as const) {
    const body = JSON.parse(String((await page(reader)).body)) as { items: { id: string; userId: string; createdAt: string }[]; nextCursor: string | null };
    const raw = await rawQuery(reader);
    if (body.items.length !== FEED_PAGE_SIZE || (raw.Items ?? []).length !== FEED_PAGE_SIZE) {
      throw new Error(`the feed of a reader following ${reader === one ? 1 : FOLLOWED} has ${body.items.length} items (timeline page ${(raw.Items ?? []).length})`);
    }
    if (body.items.map((i) => i.id).join() !== (raw.Items ?? []).map((i) => String(i.postId)).join()) throw new Error('the feed page is not the timeline page');
    if (new Set(body.items.map((i) => i.userId)).size !== expectAuthors || !body.nextCursor) throw new Error('unexpected feed page');
  }
  const { kit, keys } = social;
  const timelineSize = async (reader: BenchMember) => (await kit.ddb.send(new QueryCommand({
    TableName: kit.TABLE, KeyConditionExpression: 'PK = :pk', Select: 'COUNT', ExpressionAttributeValues: { ':pk': keys.timeline(reader.userId) },
  }))).Count ?? 0;
  const [entriesOne, entriesMany] = [await timelineSize(one), await timelineSize(many)];
  return { entriesOne, entriesMany };
}

/**
 * B3's floor for the reader following many: the page's own reads made raw, one after the other, as a page must make
 * them: its timeline Query, then a BatchGetItem of the keys the page read, the same keys as the page sent them
 * (recorded from a real page; DynamoDB takes 100 keys a BatchGetItem, so as many as the page sent, in flight together
 * as the page's are): what a feed page with live counts cannot go below. Returns it with how many BatchGetItems it sends.
 */
async function rawPageOf(social: Social, { page, rawQuery }: FeedCalls, reader: BenchMember): Promise<{ batches: number; rawPage: () => Promise<unknown> }> {
  const recorder = commandRecorder(social.kit.dynamodb);
  const { sent } = await recorder.during(() => page(reader));
  recorder.remove();
  const batches = sent.filter((c) => c.command === 'BatchGetItemCommand');
  if (!batches.length) throw new Error(`a feed page made no BatchGetItem (${sent.map((c) => c.command).join(', ')})`);
  if (sequentialRoundTrips(batches) !== 1) throw new Error(`a feed page's ${batches.length} BatchGetItems were not all in flight together`);
  const inputs = batches.map((b) => {
    const input = structuredClone(b.input) as BatchGetItemCommandInput;
    delete input.ReturnConsumedCapacity; // the recorder's, not the page's
    return input;
  });
  return {
    batches: inputs.length,
    rawPage: async () => {
      await rawQuery(reader);
      await Promise.all(inputs.map((input) => social.kit.dynamodb.send(new BatchGetItemCommand(input))));
    },
  };
}

/** Warm-up, then the four measurements sampled in turn (the order rotates), so each sees the same load. */
async function sampleLatencies({ page, rawQuery }: FeedCalls, rawPage: () => Promise<unknown>, { one, many }: Readers, samples: number) {
  const runs: (() => Promise<unknown>)[] = [() => rawQuery(many), () => page(many), () => page(one), rawPage];
  for (let i = 0; i < 20; i++) for (const run of runs) await run();
  const times: number[][] = runs.map(() => []);
  for (let i = 0; i < samples; i++) {
    for (let j = 0; j < runs.length; j++) {
      const k = (i + j) % runs.length;
      const t = performance.now();
      await runs[k]!();
      times[k]!.push(performance.now() - t);
    }
  }
  const [queryP50, manyP50, oneP50, rawPageP50] = times.map(p50) as [number, number, number, number];
  return { queryP50, manyP50, oneP50, rawPageP50 };
}

const COUNTED = 30;

/**
 * The commands of a page: a middleware on the kit's DynamoDB client (the document client shares its stack)
 * records each command's start and end and asks for its consumed capacity. Installed only now, so the timings
 * before ran on the client as it is. The session's revocation markers are re-read once READ_RECHECK_MS passed
 * since this instance last read them: the first page after a pause pays that read, the others do not.
 */
async function observeCommands(social: Social, { page }: FeedCalls, { one, many }: Readers) {
  const { READ_RECHECK_MS } = await import('@torcedor/service-kit/revocation');
  const recorder = commandRecorder(social.kit.dynamodb);
  const observe = async (reader: BenchMember) => {
    const { sent, total } = await recorder.during(() => page(reader));
    return {
      calls: sent.length, trips: sequentialRoundTrips(sent), rcu: sent.reduce((s, c) => s + c.capacity, 0), commands: sent.map((s) => s.command),
      total, waiting: busyTime(sent), tripMs: roundTripTimes(sent),
    };
  };
  const steady = [];
  for (let i = 0; i < COUNTED; i++) steady.push(await observe(i % 2 ? one : many));
  await new Promise((r) => setTimeout(r, READ_RECHECK_MS + 100));
  const recheck = await observe(many);
  recorder.remove();
  const steadyMany = steady.filter((_, i) => i % 2 === 0);
  const typical = {
    calls: p50(steadyMany.map((s) => s.calls)), trips: p50(steadyMany.map((s) => s.trips)), rcu: p50(steadyMany.map((s) => s.rcu)),
    maxTrips: Math.max(...steady.map((s) => s.trips)),
    total: p50(steadyMany.map((s) => s.total)), waiting: p50(steadyMany.map((s) => s.waiting)),
    tripMs: steadyMany[0]!.tripMs.map((_, k) => p50(steadyMany.map((s) => s.tripMs[k] ?? 0))),
  };
  return { READ_RECHECK_MS, recheck, steadyMany, typical };
}

const commandsOf = (s: { commands: string[] }) => [...new Set(s.commands)].map((c) => `${s.commands.filter((x) => x === c).length}x ${c.replace(/Command$/, '')}`).join(', ');

/** B3's rows, floors and notes. */
function report(r: {
  latency: Awaited<ReturnType<typeof sampleLatencies>> & { floorBatches: number };
  commands: Awaited<ReturnType<typeof observeCommands>>;
  entriesOne: number; entriesMany: number; seedSeconds: number; b3Seconds: number; steps: string[];
}): FeedBenchResult {
  const { queryP50, manyP50, oneP50, rawPageP50 } = r.latency;
  const { READ_RECHECK_MS, recheck, steadyMany, typical } = r.commands;
  const notes = [
    `B3 readers: following 1 (timeline ${r.entriesOne} entries) and ${FOLLOWED} (timeline ${r.entriesMany} entries); back-fill ${FOLLOW_BACKFILL_POSTS} posts per follow`,
    `B3 page of the reader following ${FOLLOWED}: ${typical.calls} calls (${commandsOf(steadyMany[0]!)}), ${typical.trips} sequential round trips, ${typical.rcu} RCUs (p50 of ${steadyMany.length} pages; max round trips over ${COUNTED} pages of both readers: ${typical.maxTrips})`,
    `B3 where a page's time goes (reader following ${FOLLOWED}, p50, recorder on): ${typical.total.toFixed(1)} ms, of which waiting on DynamoDB ${typical.waiting.toFixed(1)} ms (round trips: ${typical.tripMs.map((t) => `${t.toFixed(1)} ms`).join(', ')}; raw timeline Query p50 ${queryP50.toFixed(1)} ms)`,
    `B3 page that re-reads the session's revocation markers (once per ${READ_RECHECK_MS / 1000} s per session per instance): ${recheck.calls} calls (${commandsOf(recheck)}), ${recheck.trips} sequential round trips, ${recheck.rcu} RCUs`,
    `B3 seed ${r.seedSeconds.toFixed(1)} s (${r.steps.join(', ')}), total ${r.b3Seconds.toFixed(1)} s`,
  ];
  return {
    floors: { feedTimelineQueryP50Ms: queryP50, feedRawPageP50Ms: rawPageP50, feedFollowing1P50Ms: oneP50 },
    notes,
    rows: [
      {
        id: 'B3', what: `GET /api/feed p50 (following ${FOLLOWED}) vs a raw timeline Query then raw BatchGetItems of the page's keys (${r.latency.floorBatches}, together)`,
        ours: manyP50, floor: rawPageP50, unit: 'ms', goal: '<= 1.3x', better: 'lower', limit: 1.3,
      },
      { id: 'B3', what: 'GET /api/feed sequential DynamoDB round trips per page (session check cached)', ours: typical.trips, floor: 2, unit: 'trips', goal: '<= 2', better: 'lower', limit: 1 },
      { id: 'B3', what: 'GET /api/feed sequential DynamoDB round trips per page (session check re-read)', ours: recheck.trips, floor: 2, unit: 'trips', goal: '<= 2', better: 'lower', limit: 1 },
      { id: 'B3', what: `GET /api/feed p50 following ${FOLLOWED} vs following 1`, ours: manyP50, floor: oneP50, unit: 'ms', goal: '<= 1.2x', better: 'lower', limit: 1.2 },
    ],
  };
}
