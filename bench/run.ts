/**
 * npm run bench: our paths measured against floors measured in the same run, on this machine.
 *
 *   B1  GET /api/health through the local gateway vs a bare node:http server (req/s; printed, no goal: the gateway is a
 *       development stand-in, not what members reach)
 *   B2  GET /api/auth/user with a session vs B1's GET /api/health (req/s; goal >= 0.7x)
 *   B3  GET /api/feed (social's handler in this process, see feed.ts): p50 vs a raw timeline Query then a raw
 *       BatchGetItem of the page's own keys (as many as the page sent, together; goal <= 1.3x), sequential DynamoDB
 *       round trips per page (goal <= 2), p50 of a reader following 500 members vs one following 1 (goal <= 1.2x)
 *   B4  POST /api/humidor p50 vs a raw TransactWriteItems of the same four items (the add's own transaction, replayed
 *       with fresh ids: raw-transaction.ts) p50 (goal <= 1.5x), its sequential DynamoDB round trips (goal <= 3)
 *   B5  GET /api/search p50 on a 5,000-cigar synthetic catalog vs GET /api/health p50 (goal <= 2x)
 *   B9  POST /api/events/{id}/rsvp (events' handler in a process of its own, see rsvp.ts): p50 vs a raw PutItem to the
 *       events table through the same client, DynamoDB calls and sequential round trips of one RSVP (no goal: measured)
 *   B10 POST /api/chatbot/conversation (ai's handler in a process of its own, the local VitolAI engine answering, see
 *       vitolai.ts): p50 vs a raw PutItem to the ai table through the same client, DynamoDB calls and sequential
 *       round trips of one answer (no goal: measured)
 *   B11 band scan: reading (the page's pipeline, tesseract.js in Node) + matching p50 per band of the generated set vs
 *       B5's GET /api/health p50 (no goal: measured), its top-1 and top-3, and the scan page's lazy chunks (gzip)
 *   B6  each service's Lambda bundle (minified, what Lambda provides external as CDK bundles it: the SDK from the
 *       Node 22 runtime, Powertools from its layer; goal <= 250 KB, judged once: a size) and its import time over
 *       `node -e 0` as Lambda loads it, X-Ray tracing on (CDK turns it on for every function, so the Tracer and its
 *       X-Ray SDK load at start) vs the same of a file importing only the document client, Logger and Tracer
 *       (import-floor.ts, bundled the same way and imported in turns with it; goal <= that + 30 ms); the modules
 *       layers hold built from this repo (ai's local engine, loaded on first use) are printed with their size
 *   B7  the landing page's initial JavaScript (gzip) vs a bare React + TanStack Router + Query app built by the bench
 *       in the same run (goal <= 1.3x; see web.ts); the signed-in feed's script bytes printed beside it
 *   B8  Lighthouse (mobile, default throttling, the system Chromium; each score and metric the median of 3 runs, of 1
 *       with --quick): on / and /terms, performance >= 95, accessibility, best practices and SEO 100; signed in, on
 *       the feed, /humidor, /search, /events and /profile, performance >= 90, LCP <= 2.5 s, TBT <= 200 ms, CLS <= 0.1
 *
 * Floors also printed: raw GetItem / Query p50, B4's raw transaction p50, B3's raw page p50. Rows without a goal are printed as measured (goal '-',
 * pass null) and left out of the count within goal. Writes bench/results.json.
 *
 * Misses are measured again (MISS_RETRIES more runs of that check, floors included): a row passes when any run meets
 * its goal; it fails when its best run still misses by more than the run-to-run noise measured across those runs
 * (the spread of its ratio). A check that throws fails with its error and the run goes on. The exit code is 1 when a
 * row fails, so a regression cannot hide in a table.
 *   B12 partition heat: a day of the mix (mix.ts) by simulated members on a stack of its own, every DynamoDB request's
 *       partition recorded; the hottest write and read partitions projected to 1M members at peak (goals <= 300 WCU/s,
 *       <= 1,000 RCU/s), and a viral post's 1,000 likes a second (<= 1,000 WCU/s on its hottest partition: a partition's own limit), see heat.ts
 *   B13 the cost model from what B12 measured: the cost per member-month at 1M members (goal <= $0.005), see
 *       cost-model.ts; `npm run cost` writes docs/cost.md from the same measure (bench/heat.json)
 * `--quick` shortens the samples; `--skip-lighthouse` leaves B8 out; `--only=B2,B4` runs just those checks (their floors
 * with them), for working on one budget.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import autocannon from 'autocannon';
import * as esbuild from 'esbuild';
import { servicesWithWorker } from '@torcedor/shared/events';
import { LAMBDA_PROVIDED_MODULES, layerModulesOf, SERVICE_LAYER_BUILDS, serviceEntry, type FunctionKind } from '@torcedor/shared/runtime';
import { servicesWithSocket } from '@torcedor/shared/live';
import { SERVICES } from '@torcedor/shared/services';
import { serviceEnv } from '../local/src/testing/service-env.ts';
import { startStack } from '../local/src/stack.ts';
import { benchBandScan } from './band-scan.ts';
import { monthlyBill } from './cost-model.ts';
import { benchFeed } from './feed.ts';
import { benchHeat, firstRefusals } from './heat.ts';
import type { HumidorInput, HumidorOutput } from './humidor-process.ts';
import { runMeasuring } from './round-trips.ts';
import { rawTransaction } from './raw-transaction.ts';
import { benchRsvp } from './rsvp.ts';
import { signedInMember } from './session.ts';
import { syntheticCatalog } from './synthetic-catalog.ts';
import { benchVitolai } from './vitolai.ts';
import { bareAppInitialJs, initialJsGzip, lighthouse, medianOf } from './web.ts';

const ROOT = resolve(import.meta.dirname, '..');
const quick = process.argv.includes('--quick');
const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const only = onlyArg ? new Set(onlyArg.slice('--only='.length).split(',').map((x) => x.trim().toUpperCase())) : null;
/** Whether check `id` runs in this run (all of them unless --only names some). */
const wants = (id: string) => !only || only.has(id);
const skipLighthouse = process.argv.includes('--skip-lighthouse') || !wants('B8');
const DURATION = quick ? 3 : 8;
const SAMPLES = quick ? 100 : 400;
/** How many more times a check that missed a goal is measured before the miss counts. */
const MISS_RETRIES = 2;

/** `pass` is null on a row without a goal (measured only). */
interface Row { id: string; what: string; ours: number; floor: number; unit: string; ratio: number; goal: string; pass: boolean | null; note?: string }
type Goal = Omit<Row, 'pass' | 'ratio'> & { better: 'higher' | 'lower'; limit: number };
/** A measurement with goals that can be taken again (its floors with it). */
interface Check { name: string; measure: () => Promise<Goal[]> }
const rows: Row[] = [];
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function timeEach(n: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < Math.min(20, n); i++) await fn(i); // warm-up
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
  }
  return out;
}
const reqPerSec = (url: string, headers?: Record<string, string>) =>
  new Promise<number>((res, rej) => {
    autocannon({ url, connections: 10, duration: DURATION, ...(headers ? { headers } : {}) }, (err, r) => {
      if (err) return rej(err);
      // Every answer must be a 2xx: a bench of refusals would measure the wrong path.
      if (r.non2xx) return rej(new Error(`${url}: ${r.non2xx} answers were not 2xx`));
      res(r.requests.average);
    });
  });
const passes = (g: Goal, ratio = g.ours / g.floor) => (g.better === 'higher' ? ratio >= g.limit : ratio <= g.limit);
/** A row with no goal: printed with its ratio, neither within goal nor a miss. */
function measured(r: Omit<Row, 'pass' | 'ratio' | 'goal'>) {
  rows.push({ id: r.id, what: r.what, ours: r.ours, floor: r.floor, unit: r.unit, ratio: r.ours / r.floor, goal: '-', pass: null });
}

/** A goal judged once (a size, or a projection computed from a run's own records: not a timing that noise moves). */
function judged(g: Goal) {
  rows.push({ id: g.id, what: g.what, ours: g.ours, floor: g.floor, unit: g.unit, ratio: g.ours / g.floor, goal: g.goal, pass: passes(g) });
}

/**
 * Runs a check; a check with a missed goal runs again up to MISS_RETRIES times. Each row keeps its best run; a row
 * whose best run still misses is within noise when it misses by no more than the spread of its ratio over the runs
 * (relative to their median), and a miss otherwise. A check that throws is a miss (with its error), and the run goes
 * on to the next check. Each row is printed as it is judged, so a long run shows its rows as it goes.
 */
async function run(check: Check) {
  try {
    judgeRuns(check, await measureAgainOnMiss(check));
  } catch (err) {
    const id = check.name.split(' ')[0]!;
    rows.push({ id, what: `${check.name}: the check failed (${(err as Error).message.split('\n')[0]})`, ours: Number.NaN, floor: Number.NaN, unit: '', ratio: Number.NaN, goal: 'runs', pass: false });
    console.log(`  ${check.name}: the check failed: ${(err as Error).stack ?? String(err)}`);
  }
}

async function measureAgainOnMiss(check: Check): Promise<Goal[][]> {
  const runs = [await check.measure()];
  while (runs[0]!.some((g) => !passes(g) && !runs.some((r) => { const same = r.find((x) => x.what === g.what); return same && passes(same); }))
    && runs.length <= MISS_RETRIES) {
    console.log(`  ${check.name}: a goal was missed, measuring again (${runs.length + 1} of ${MISS_RETRIES + 1})`);
    runs.push(await check.measure());
  }
  return runs;
}

function judgeRuns(check: Check, runs: Goal[][]) {
  for (const g of runs[0]!) {
    const all = runs.map((r) => r.find((x) => x.what === g.what)).filter((x): x is Goal => !!x);
    const ratios = all.map((x) => x.ours / x.floor);
    const best = all.reduce((a, b) => ((b.better === 'higher' ? b.ours / b.floor > a.ours / a.floor : b.ours / b.floor < a.ours / a.floor) ? b : a));
    const ratio = best.ours / best.floor;
    const ok = passes(best, ratio);
    const median = p50(ratios);
    const noise = ratios.length > 1 && median > 0 ? (Math.max(...ratios) - Math.min(...ratios)) / median : 0;
    const missBy = Math.abs(ratio - best.limit) / best.limit;
    const withinNoise = !ok && missBy <= noise;
    const note = all.length > 1 ? `${all.length} runs, noise ${(noise * 100).toFixed(0)}%${withinNoise ? ', miss within noise' : ''}` : undefined;
    rows.push({ id: best.id, what: best.what, ours: best.ours, floor: best.floor, unit: best.unit, ratio, goal: best.goal, pass: ok || withinNoise, ...(note ? { note } : {}) });
    console.log(`  ${check.name}: ${best.what}: ${best.ours.toFixed(2)} ${best.unit} vs ${best.floor.toFixed(2)} (${ratio.toFixed(2)}x, goal ${best.goal}) ${ok ? 'ok' : withinNoise ? 'within noise' : 'MISS'}${note ? ` (${note})` : ''}`);
  }
}

// ---- B6: bundles, as CDK's NodejsFunction builds them ---------------------------------------------
const outDir = join(ROOT, 'bench', '.out');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const IMPORT_RUNS = quick ? 5 : 9;
const spawnMs = (args: string[], env?: NodeJS.ProcessEnv) => {
  const t = performance.now();
  const r = spawnSync(process.execPath, args, { env });
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} failed: ${r.stderr}`);
  return performance.now() - t;
};
const baselineRuns: number[] = [];
const importEnv = {
  ...process.env, SERVICE_NAME: 'identity', TABLE_NAME: 'bench-table', EVENT_BUS_NAME: 'bench', AWS_REGION: 'us-east-1',
  AUTH_ISSUER: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_bench', AUTH_JWKS_URI: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_bench/.well-known/jwks.json',
  AUTH_CLIENT_ID: 'bench', APP_ORIGIN: 'https://torcedor.example', USER_POOL_ID: 'us-east-1_bench', UPLOADS_BUCKET: 'bench-uploads', LOG_LEVEL: 'ERROR',
  // Active tracing, as Lambda sets it: the kit loads the Tracer only where the X-Ray daemon's address is set.
  AWS_XRAY_DAEMON_ADDRESS: '127.0.0.1:2000', AWS_XRAY_CONTEXT_MISSING: 'LOG_ERROR',
};
/** Bundles `entry` into `file` as CDK does (minified ESM for Node 22, Lambda's own modules left out); its size in KB. */
async function lambdaBundle(entry: string, file: string, o: { external?: readonly string[]; banner?: string } = {}): Promise<number> {
  await esbuild.build({
    entryPoints: [join(ROOT, entry)], outfile: file, bundle: true, minify: true, platform: 'node', format: 'esm', target: 'node22',
    external: [...LAMBDA_PROVIDED_MODULES, ...(o.external ?? [])], logLevel: 'silent', ...(o.banner ? { banner: { js: o.banner } } : {}),
  });
  return statSync(file).size / 1024;
}
const workers = new Set(servicesWithWorker());
const sockets = new Set(servicesWithSocket());
/**
 * Bundles' import times over `node -e 0`, each the median of runs paired with a `node -e 0` just before it; the
 * bundles take turns run by run, so a function and its floor see the same machine load.
 */
const importsOverNode = (imports: { file: string; env: NodeJS.ProcessEnv }[]) => {
  const diffs: number[][] = imports.map(() => []);
  for (let i = 0; i < IMPORT_RUNS; i++) {
    imports.forEach(({ file, env }, k) => {
      const base = spawnMs(['-e', '0']);
      baselineRuns.push(base);
      diffs[k]!.push(spawnMs(['-e', `await import(${JSON.stringify(file)})`, '--input-type=module'], env) - base);
    });
  }
  return diffs.map(p50);
};
// B6's floor: a function importing only the document client, Logger and Tracer (import-floor.ts), bundled the same way.
const importFloorFile = join(outDir, 'import-floor.mjs');
if (wants('B6')) await lambdaBundle('bench/import-floor.ts', importFloorFile, { banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" });
for (const service of wants('B6') ? SERVICES : []) {
  const kinds: FunctionKind[] = ['http', ...(workers.has(service) ? ['worker' as const] : []), ...(sockets.has(service) ? ['socket' as const] : [])];
  for (const fn of kinds) {
    const file = join(outDir, `${service}-${fn}.mjs`);
    const kb = await lambdaBundle(serviceEntry(service, fn), file, {
      external: layerModulesOf(service), banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
    });
    judged({ id: 'B6', what: `${service}/${fn} bundle`, ours: kb, floor: 250, unit: 'KB', goal: '<= 250 KB', better: 'lower', limit: 1 });
    await run({
      name: `B6 ${service}/${fn}`,
      measure: async () => {
        // The function's import and the floor's, each over `node -e 0`, measured now in turns.
        const env = { ...importEnv, SERVICE_NAME: service };
        const [importMs, floorMs] = importsOverNode([{ file, env }, { file: importFloorFile, env }]) as [number, number];
        // The row's name stays the same from run to run (runs are matched by it): the floor is in its column.
        return [{
          id: 'B6', what: `${service}/${fn} import (X-Ray tracing on) vs the document client + Logger + Tracer's import + 30 ms`,
          ours: importMs, floor: floorMs + 30, unit: 'ms', goal: '<= floor + 30 ms', better: 'lower', limit: 1,
        }];
      },
    });
  }
}

// Modules a service's layer holds built from this repo (loaded on first use, out of the bundle): printed with their size.
for (const [service, builds] of wants('B6') ? Object.entries(SERVICE_LAYER_BUILDS) : []) {
  for (const [module, entry] of Object.entries(builds ?? {})) {
    const kb = await lambdaBundle(entry, join(outDir, `${module.replaceAll('/', '_')}.mjs`));
    measured({ id: 'B6', what: `${service} layer module ${module} (loaded on first use)`, ours: kb, floor: 250, unit: 'KB' });
  }
}

// ---- The stack -------------------------------------------------------------------------------------
const dataDir = mkdtempSync(join(tmpdir(), 'torcedor-bench-'));
const port = 3200 + Math.floor(Math.random() * 500);
console.log(`Starting the local stack on :${port} (data in ${dataDir}) ...`);
// Every bench member signs up from this one address (B4's, B3's two readers): lift the per-address sign-up budget
// on this stack, as the end-to-end tests do (playwright.config.ts).
process.env.SIGNUP_LIMIT_PER_ADDRESS ??= '1000';
const stack = await startStack({ port, dataDir, quiet: true, logLevel: 'ERROR' });
// The demo club seeds in the background for about a minute once the stack answers: the checks start after it, so none
// is measured against its writes (B8's signed-in feed shows its events).
const seeding = performance.now();
await stack.backgroundSeeded;
console.log(`Background seed (the demo club) done in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
let failed = false;
const notesExtra: string[] = [];
try {
  const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1', endpoint: stack.dynamoEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));
  const table = 'torcedor-humidor';
  const floors: Record<string, number> = {};

  // B1: a bare node:http server is the floor.
  const health = async () => {
    const bare = createServer((_, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"status":"ok"}'); });
    await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
    const bareRps = await reqPerSec(`http://127.0.0.1:${(bare.address() as { port: number }).port}/`);
    bare.close();
    floors.bareNodeHttpReqPerSec = bareRps;
    return { bareRps, healthRps: await reqPerSec(`${stack.url}/api/health`) };
  };
  // B1 is printed, no goal: the local gateway is a development stand-in, not what members reach (CloudFront and API
  // Gateway are).
  if (wants('B1')) {
    const { bareRps, healthRps } = await health();
    measured({ id: 'B1', what: 'GET /api/health req/s through the local gateway vs bare node:http (no goal: a stand-in)', ours: healthRps, floor: bareRps, unit: 'req/s' });
  }

  await ddb.send(new PutCommand({ TableName: table, Item: { PK: 'BENCH', SK: 'ITEM', v: 1 } }));
  floors.dynamoGetItemP50Ms = p50(await timeEach(SAMPLES, () => ddb.send(new GetCommand({ TableName: table, Key: { PK: 'BENCH', SK: 'ITEM' } }))));
  floors.dynamoQueryP50Ms = p50(await timeEach(SAMPLES, () => ddb.send(new QueryCommand({ TableName: table, KeyConditionExpression: 'PK = :p', ExpressionAttributeValues: { ':p': 'BENCH' } }))));

  // A premium member (no cap) signed in through the API, and a 5,000-cigar synthetic catalog.
  const member = await signedInMember(stack, 'humidor');
  const cookie = member.cookies.join('; ');

  // B2: the signed-in page's first read (session verified, revocation checked, the user read) against B1's req/s.
  if (wants('B2')) await run({
    name: 'B2',
    measure: async () => {
      const { healthRps } = await health();
      const userRps = await reqPerSec(`${stack.url}/api/auth/user`, { cookie });
      return [{ id: 'B2', what: 'GET /api/auth/user (signed in) req/s vs GET /api/health req/s', ours: userRps, floor: healthRps, unit: 'req/s', goal: '>= 0.7x', better: 'higher', limit: 0.7 }];
    },
  });
  const userId = member.userId;
  await ddb.send(new PutCommand({ TableName: table, Item: { PK: `MEMBER#${userId}`, SK: 'ENTITLEMENT', tier: 'premium', until: new Date(Date.now() + 86_400_000).toISOString(), version: 1 } }));
  const catalog = syntheticCatalog(5000);
  const catalogFile = join(dataDir, 'bench-catalog.json');
  writeFileSync(catalogFile, JSON.stringify(catalog));
  execFileSync(process.execPath, ['--import', 'tsx', join(ROOT, 'services/humidor/scripts/catalog-import.ts'), catalogFile], { env: { ...process.env, DATA_DIR: dataDir }, stdio: 'inherit' });

  const headers = { cookie, 'content-type': 'application/json', origin: stack.url };
  const healthP50 = () => timeEach(SAMPLES, () => fetch(`${stack.url}/api/health`).then((r) => r.text())).then(p50);
  const cigarIds = catalog.cigars.map((c) => c.id);
  // B4: the add through the gateway, and the DynamoDB round trips one add makes (humidor's handler in a process of
  // its own with B3's recorder, see humidor-process.ts).
  // Set up once, within the check (a failure is the check's): the add's round trips and transaction, and its floor.
  let b4: { trips: HumidorOutput; rawAdd: Awaited<ReturnType<typeof rawTransaction>> } | undefined;
  const b4Setup = async () => {
    const trips = await runMeasuring<HumidorInput, HumidorOutput>('humidor-process.ts', 'BENCH_HUMIDOR',
      { ...process.env, ...serviceEnv('humidor', stack.aws, { logLevel: 'ERROR' }) },
      { cookies: member.cookies, cigarIds: cigarIds.slice(0, 500), appOrigin: stack.aws.appOrigin });
    const client = new DynamoDBClient({ region: 'us-east-1', endpoint: stack.dynamoEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    notesExtra.push(`B4 the add through humidor's handler called in a process of its own (no gateway, ${trips.observed} adds, recorder on): p50 ${trips.inProcessP50Ms.toFixed(1)} ms`);
    return { trips, rawAdd: await rawTransaction(client, trips.transaction) };
  };
  if (wants('B4')) await run({
    name: 'B4',
    measure: async () => {
      b4 ??= await b4Setup();
      const { trips, rawAdd } = b4;
      // The add and its floor sampled alternately, so both see the same load (the stack's workers take each add's
      // events meanwhile, as other functions would in AWS): the same transaction sent raw (raw-transaction.ts).
      const adds: number[] = [];
      const raws: number[] = [];
      for (let i = 0; i < SAMPLES + 20; i++) {
        let t = performance.now();
        await rawAdd.send();
        if (i >= 20) raws.push(performance.now() - t);
        t = performance.now();
        const r = await fetch(`${stack.url}/api/humidor`, { method: 'POST', headers, body: JSON.stringify({ cigarId: cigarIds[i % cigarIds.length], quantity: 1 }) });
        if (r.status !== 201) throw new Error(`POST /api/humidor answered ${r.status}: ${await r.text()}`);
        await r.arrayBuffer();
        if (i >= 20) adds.push(performance.now() - t);
      }
      const floor = p50(raws);
      floors.dynamoAddTransactionP50Ms = floor;
      const addP50 = p50(adds);
      return [
        { id: 'B4', what: `POST /api/humidor p50 vs a raw TransactWriteItems of the same items (${rawAdd.parts}) p50`, ours: addP50, floor, unit: 'ms', goal: '<= 1.5x', better: 'lower', limit: 1.5 },
        { id: 'B4', what: `POST /api/humidor sequential DynamoDB round trips (${trips.calls} calls: ${trips.commands})`, ours: trips.trips, floor: 3, unit: 'trips', goal: '<= 3', better: 'lower', limit: 1 },
      ];
    },
  });

  const queries = ['padron', 'padrn', 'fuente robusto', 'maduro toro', 'nicaragua', 'churchil', 'rob', 'habano belicoso', 'estel', 'connecticut corona'];
  const brandWords = catalog.brands.slice(0, 10).map((b) => b.name.split(' ')[0]!.toLowerCase());
  const allQueries = [...queries, ...brandWords];
  if (wants('B5')) await run({
    name: 'B5',
    measure: async () => {
      const floor = await healthP50();
      floors.healthP50Ms = floor;
      const searchP50 = p50(await timeEach(SAMPLES, async (i) => {
        const r = await fetch(`${stack.url}/api/search?q=${encodeURIComponent(allQueries[i % allQueries.length]!)}`, { headers: { cookie } });
        if (r.status !== 200) throw new Error(`search answered ${r.status}`);
        await r.text();
      }));
      return [{ id: 'B5', what: 'GET /api/search p50 (5,000 cigars) vs GET /api/health p50', ours: searchP50, floor, unit: 'ms', goal: '<= 2x', better: 'lower', limit: 2 }];
    },
  });

  // B7: what the landing page loads before it renders, against a bare React + Router + Query app.
  const webChecks = wants('B7') || !skipLighthouse || wants('B11');
  const bare = webChecks ? await bareAppInitialJs(dataDir) : { bytes: 0, files: 0 };
  const landing = webChecks ? initialJsGzip(join(ROOT, 'web', 'dist')) : { bytes: 0, files: 0 };
  if (wants('B7')) await run({
    name: 'B7',
    measure: async () => [{
      id: 'B7', what: `landing page initial JS, gzip (${landing.files} files) vs a bare React + Router + Query app (${bare.files})`,
      ours: landing.bytes / 1024, floor: bare.bytes / 1024, unit: 'KB', goal: '<= 1.3x', better: 'lower', limit: 1.3,
    }],
  });

  // B8: Lighthouse on the public pages and, signed in, the member's main pages on a phone, each the median of 3 runs.
  if (!skipLighthouse) {
    const pages = [
      { label: '/', url: `${stack.url}/`, public: true },
      { label: '/terms', url: `${stack.url}/terms`, public: true },
      { label: '/ (signed in: the feed)', url: `${stack.url}/`, cookie, public: false },
      { label: '/humidor (signed in)', url: `${stack.url}/humidor`, cookie, public: false },
      { label: '/search (signed in)', url: `${stack.url}/search`, cookie, public: false },
      { label: '/events (signed in)', url: `${stack.url}/events`, cookie, public: false },
      { label: '/profile (signed in)', url: `${stack.url}/profile`, cookie, public: false },
    ];
    const lighthouseNotes = new Map<string, string[]>(); // each page's measurements (a missed goal measures it again)
    const LIGHTHOUSE_RUNS = quick ? 1 : 3;
    for (const page of pages) {
      await run({
        name: `B8 ${page.label}`,
        measure: async () => {
          const runs = await lighthouse(Array.from({ length: LIGHTHOUSE_RUNS }, () => page));
          const r = medianOf(runs); // each score and metric the median of the runs'
          lighthouseNotes.set(page.label, [...(lighthouseNotes.get(page.label) ?? []), `${Object.entries(r.scores).map(([k, v]) => `${k} ${v}`).join(', ')}; LCP ${(r.vitals.lcpMs / 1000).toFixed(2)} s, TBT ${r.vitals.tbtMs.toFixed(0)} ms, CLS ${r.vitals.cls.toFixed(3)}; scripts ${r.scriptKb.toFixed(0)} KB transferred${r.failing.length ? `; below full marks: ${r.failing.join(', ')}` : ''}`]);
          if (page.label.startsWith('/ (signed in') && !rows.some((x) => x.id === 'B7' && x.pass === null)) measured({ id: 'B7', what: 'signed-in feed: script bytes transferred (Lighthouse)', ours: r.scriptKb, floor: bare.bytes / 1024, unit: 'KB' });
          const g = (what: string, ours: number, limit: number): Goal => ({ id: 'B8', what: `${page.label} ${what}`, ours, floor: 100, unit: 'score', goal: `>= ${limit}`, better: 'higher', limit: limit / 100 });
          const atMost = (what: string, ours: number, max: number, unit: string): Goal => ({ id: 'B8', what: `${page.label} ${what}`, ours, floor: max, unit, goal: `<= ${max} ${unit}`, better: 'lower', limit: 1 });
          return page.public
            ? [g('performance', r.scores.performance, 95), g('accessibility', r.scores.accessibility, 100), g('best practices', r.scores['best-practices'], 100), g('SEO', r.scores.seo, 100)]
            : [
              g('performance', r.scores.performance, 90),
              atMost('LCP', r.vitals.lcpMs, 2500, 'ms'), atMost('TBT', r.vitals.tbtMs, 200, 'ms'), atMost('CLS', r.vitals.cls, 0.1, ''),
            ];
        },
      });
    }
    for (const [label, measures] of lighthouseNotes) notesExtra.push(`B8 ${label} (each the median of ${LIGHTHOUSE_RUNS} runs): ${measures.join(' | measured again: ')}`);
  }

  // B11: band scan's reading and matching, and what the scan page loads lazily.
  const band = wants('B11') ? await benchBandScan(quick ? 20 : 40) : null;
  if (band) {
    measured({ id: 'B11', what: `band scan read + match p50 (${band.samples} generated bands; top-1 ${(band.top1 * 100).toFixed(0)} %, top-3 ${(band.top3 * 100).toFixed(0)} %) vs GET /api/health p50`, ours: band.p50, floor: floors.healthP50Ms ?? 1, unit: 'ms' });
    measured({ id: 'B11', what: `scan page lazy chunks, gzip (${band.routeChunks.join(', ') || 'none found'}) vs the landing's initial JS`, ours: band.routeKb, floor: landing.bytes / 1024, unit: 'KB' });
    measured({ id: 'B11', what: `tesseract.js client chunks, gzip (${band.tesseractChunks.join(', ') || 'none found'}) vs the landing's initial JS`, ours: band.tesseractKb, floor: landing.bytes / 1024, unit: 'KB' });
  }

  // B9 before B3 (its process gets events' env on top of this process's, which B3 changes to social's).
  // Sampling capped in time as well, so B9 stays under ~30 s on a busy machine.
  const rsvp = wants('B9') ? await benchRsvp(stack, { samples: SAMPLES, budgetMs: quick ? 4_000 : 8_000 }) : { rows: [], floors: {}, notes: [] };
  for (const r of rsvp.rows) measured(r);
  // B10 likewise before B3 (ai's env in its own process), capped in time so it stays under ~30 s.
  const vitolai = wants('B10') ? await benchVitolai(stack, { samples: SAMPLES, budgetMs: quick ? 4_000 : 8_000, capMs: quick ? 8_000 : 12_000 }) : { rows: [], floors: {}, notes: [] };
  for (const r of vitolai.rows) measured(r);

  // B3 last: it loads social's handler into this process, with social's env.
  let feedNotes: string[] = [];
  if (wants('B3')) await run({
    name: 'B3',
    measure: async () => {
      const feed = await benchFeed(stack, { samples: Math.ceil(SAMPLES / 2) }); // three calls a sample: B3 stays under a minute
      Object.assign(floors, feed.floors);
      feedNotes = feed.notes;
      return feed.rows;
    },
  });

  // B12 and B13 last, on a stack of their own: the partition recorder on, the demo club left out (heat.ts).
  if (wants('B12') || wants('B13')) {
    const heat = await benchHeat({ quick, port: port + 1 });
    writeFileSync(join(ROOT, 'bench', 'heat.json'), `${JSON.stringify({ at: new Date().toISOString(), measure: heat }, null, 2)}\n`);
    if (wants('B12')) {
      judged({ id: 'B12', what: `hottest write partition at 1M members, peak (${heat.hottestWrites[0]?.partition ?? 'none'})`, ours: heat.hottestWrites[0]?.units ?? 0, floor: 300, unit: 'WCU/s', goal: '<= 300', better: 'lower', limit: 1 });
      judged({ id: 'B12', what: `hottest read partition at 1M members, peak (${heat.hottestReads[0]?.partition ?? 'none'})`, ours: heat.hottestReads[0]?.units ?? 0, floor: 1000, unit: 'RCU/s', goal: '<= 1000', better: 'lower', limit: 1 });
      // The viral post's goal is a partition's own limit (1,000 write units a second): its likes must not be throttled.
      judged({ id: 'B12', what: `a viral post's 1,000 likes a second, hottest partition (${heat.viralLikeWrites.partition})`, ours: heat.viralLikeWrites.units, floor: 1000, unit: 'WCU/s', goal: '<= 1000', better: 'lower', limit: 1 });
      notesExtra.push(`B12 hottest writes: ${heat.hottestWrites.map((w) => `${w.partition} ${w.units.toFixed(1)}`).join('; ')}`);
      notesExtra.push(`B12 hottest reads: ${heat.hottestReads.map((r) => `${r.partition} ${r.units.toFixed(1)}`).join('; ')}`);
      const refused = Object.entries(heat.actions).filter(([, a]) => a.refused).map(([k, a]) => `${k} ${a.refused} of ${a.count}`);
      if (refused.length) notesExtra.push(`B12 actions not answered 2xx: ${refused.join(', ')}; first refusals: ${[...firstRefusals].map(([k, v]) => `${k} ${v}`).join('; ')}`);
    }
    if (wants('B13')) {
      const bill = monthlyBill(heat);
      judged({ id: 'B13', what: `cost per member-month at 1M members, all in (${bill.total.toFixed(0)} USD a month; npm run cost writes docs/cost.md)`, ours: bill.perMemberMonth, floor: 0.005, unit: 'USD', goal: '<= $0.005', better: 'lower', limit: 1 });
    }
  }

  Object.assign(floors, rsvp.floors, vitolai.floors, baselineRuns.length ? { nodeBaselineMs: p50(baselineRuns) } : {});
  const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(2));
  console.log('\nFloors measured in this run:');
  for (const [k, v] of Object.entries(floors)) console.log(`  ${k.padEnd(26)} ${fmt(v)}`);
  console.log('\n| id | what | ours | floor | ratio | goal | |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const verdict = r.pass === null ? 'measured' : r.pass ? (r.note?.includes('within noise') ? 'within noise' : 'ok') : 'MISS';
    console.log(`| ${r.id} | ${r.what} | ${fmt(r.ours)} ${r.unit} | ${fmt(r.floor)} ${r.unit} | ${r.ratio.toFixed(2)}x | ${r.goal} | ${verdict}${r.note ? ` (${r.note})` : ''} |`);
  }
  const notes = [...feedNotes, ...rsvp.notes, ...vitolai.notes, ...notesExtra];
  console.log(`\n${notes.join('\n')}`);
  if (!only) writeFileSync(join(ROOT, 'bench', 'results.json'), `${JSON.stringify({ at: new Date().toISOString(), node: process.version, floors, rows, notes }, null, 2)}\n`);
  const goaled = rows.filter((r) => r.pass !== null);
  const misses = goaled.filter((r) => !r.pass);
  console.log(`\n${goaled.length - misses.length} of ${goaled.length} within goal, ${rows.length - goaled.length} measured without a goal${only ? '' : '; results in bench/results.json'}`);
  if (misses.length) {
    console.log(`${misses.length} goal${misses.length === 1 ? '' : 's'} missed beyond the measured noise: ${misses.map((m) => `${m.id} ${m.what}`).join('; ')}`);
    failed = true;
  }
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
