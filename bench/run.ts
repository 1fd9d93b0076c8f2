/**
 * npm run bench: our paths measured against floors measured in the same run, on this machine.
 *
 *   B1  GET /api/health through the local gateway vs a bare node:http server (req/s; goal >= 0.5x)
 *   B2  GET /api/auth/user with a session vs B1's GET /api/health (req/s; goal >= 0.7x)
 *   B3  GET /api/feed (social's handler in this process, see feed.ts): p50 vs a raw Query of the same timeline page
 *       (goal <= 1.5x), sequential DynamoDB round trips per page (goal <= 2), p50 of a reader following 500
 *       members vs one following 1 (goal <= 1.2x)
 *   B4  POST /api/humidor p50 vs a raw DynamoDB Local PutItem p50 (goal <= 3x)
 *   B5  GET /api/search p50 on a 5,000-cigar synthetic catalog vs GET /api/health p50 (goal <= 2x)
 *   B9  POST /api/events/{id}/rsvp (events' handler in a process of its own, see rsvp.ts): p50 vs a raw PutItem to the
 *       events table through the same client, DynamoDB calls and sequential round trips of one RSVP (no goal: measured)
 *   B10 POST /api/chatbot/conversation (ai's handler in a process of its own, the local VitolAI engine answering, see
 *       vitolai.ts): p50 vs a raw PutItem to the ai table through the same client, DynamoDB calls and sequential
 *       round trips of one answer (no goal: measured)
 *   B6  each service's Lambda bundle (minified, what Lambda provides external as CDK bundles it: the SDK from the
 *       Node 22 runtime, Powertools from its layer; goal <= 250 KB)
 *       and its import time over `node -e 0` (goal <= 150 ms)
 *
 * Floors also printed: raw GetItem / Query / PutItem p50. Rows without a goal are printed as measured (goal '-',
 * pass null) and left out of the count within goal. Writes bench/results.json.
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
import { LAMBDA_PROVIDED_MODULES, layerModulesOf, serviceEntry } from '@torcedor/shared/runtime';
import { SERVICES } from '@torcedor/shared/services';
import { startStack } from '../local/src/stack.ts';
import { benchFeed } from './feed.ts';
import { benchRsvp } from './rsvp.ts';
import { signedInMember } from './session.ts';
import { syntheticCatalog } from './synthetic-catalog.ts';
import { benchVitolai } from './vitolai.ts';

const ROOT = resolve(import.meta.dirname, '..');
const quick = process.argv.includes('--quick');
const DURATION = quick ? 3 : 8;
const SAMPLES = quick ? 100 : 400;

/** `pass` is null on a row without a goal (measured only). */
interface Row { id: string; what: string; ours: number; floor: number; unit: string; ratio: number; goal: string; pass: boolean | null }
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
function record(r: Omit<Row, 'pass' | 'ratio'> & { better: 'higher' | 'lower'; limit: number }) {
  const ratio = r.ours / r.floor;
  const pass = r.better === 'higher' ? ratio >= r.limit : ratio <= r.limit;
  rows.push({ id: r.id, what: r.what, ours: r.ours, floor: r.floor, unit: r.unit, ratio, goal: r.goal, pass });
}
/** A row with no goal: printed with its ratio, neither within goal nor a miss. */
function measured(r: Omit<Row, 'pass' | 'ratio' | 'goal'>) {
  rows.push({ id: r.id, what: r.what, ours: r.ours, floor: r.floor, unit: r.unit, ratio: r.ours / r.floor, goal: '-', pass: null });
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
};
const workers = new Set(servicesWithWorker());
for (const service of SERVICES) {
  for (const fn of ['http', ...(workers.has(service) ? ['worker'] : [])] as ('http' | 'worker')[]) {
    const file = join(outDir, `${service}-${fn}.mjs`);
    await esbuild.build({
      entryPoints: [join(ROOT, serviceEntry(service, fn))], outfile: file, bundle: true, minify: true, platform: 'node', format: 'esm',
      target: 'node22', external: [...LAMBDA_PROVIDED_MODULES, ...layerModulesOf(service)], logLevel: 'silent',
      banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
    });
    const kb = statSync(file).size / 1024;
    // Each import run is paired with a `node -e 0` run just before it, so both see the same machine load;
    // the score is the median of the pairs' differences.
    const diffs = Array.from({ length: IMPORT_RUNS }, () => {
      const base = spawnMs(['-e', '0']);
      baselineRuns.push(base);
      return spawnMs(['-e', `await import(${JSON.stringify(file)})`, '--input-type=module'], { ...importEnv, SERVICE_NAME: service }) - base;
    });
    const importMs = p50(diffs);
    rows.push({ id: 'B6', what: `${service}/${fn} bundle`, ours: kb, floor: 250, unit: 'KB', ratio: kb / 250, goal: '<= 250 KB', pass: kb <= 250 });
    rows.push({ id: 'B6', what: `${service}/${fn} import`, ours: importMs, floor: 150, unit: 'ms', ratio: importMs / 150, goal: '<= 150 ms over node -e 0', pass: importMs <= 150 });
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
try {
  const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1', endpoint: stack.dynamoEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));
  const table = 'torcedor-humidor';

  // Floors: a bare node:http server; raw DynamoDB Local calls.
  const bare = createServer((_, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"status":"ok"}'); });
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
  const bareUrl = `http://127.0.0.1:${(bare.address() as { port: number }).port}/`;
  const bareRps = await reqPerSec(bareUrl);
  bare.close();
  const healthRps = await reqPerSec(`${stack.url}/api/health`);
  record({ id: 'B1', what: 'GET /api/health req/s vs bare node:http', ours: healthRps, floor: bareRps, unit: 'req/s', goal: '>= 0.5x', better: 'higher', limit: 0.5 });

  await ddb.send(new PutCommand({ TableName: table, Item: { PK: 'BENCH', SK: 'ITEM', v: 1 } }));
  const getP50 = p50(await timeEach(SAMPLES, () => ddb.send(new GetCommand({ TableName: table, Key: { PK: 'BENCH', SK: 'ITEM' } }))));
  const queryP50 = p50(await timeEach(SAMPLES, () => ddb.send(new QueryCommand({ TableName: table, KeyConditionExpression: 'PK = :p', ExpressionAttributeValues: { ':p': 'BENCH' } }))));
  const putP50 = p50(await timeEach(SAMPLES, (i) => ddb.send(new PutCommand({ TableName: table, Item: { PK: `BENCHPUT#${i % 50}`, SK: 'ITEM', v: i } }))));

  // A premium member (no cap) signed in through the API, and a 5,000-cigar synthetic catalog.
  const member = await signedInMember(stack, 'humidor');
  const cookie = member.cookies.join('; ');

  // B2: the signed-in page's first read (session verified, revocation checked, the user read) against B1's req/s.
  const userRps = await reqPerSec(`${stack.url}/api/auth/user`, { cookie });
  record({ id: 'B2', what: 'GET /api/auth/user (signed in) req/s vs GET /api/health req/s', ours: userRps, floor: healthRps, unit: 'req/s', goal: '>= 0.7x', better: 'higher', limit: 0.7 });
  const userId = member.userId;
  await ddb.send(new PutCommand({ TableName: table, Item: { PK: `MEMBER#${userId}`, SK: 'ENTITLEMENT', tier: 'premium', until: new Date(Date.now() + 86_400_000).toISOString(), version: 1 } }));
  const catalog = syntheticCatalog(5000);
  const catalogFile = join(dataDir, 'bench-catalog.json');
  writeFileSync(catalogFile, JSON.stringify(catalog));
  execFileSync(process.execPath, ['--import', 'tsx', join(ROOT, 'services/humidor/scripts/catalog-import.ts'), catalogFile], { env: { ...process.env, DATA_DIR: dataDir }, stdio: 'inherit' });

  const headers = { cookie, 'content-type': 'application/json', origin: stack.url };
  const healthP50 = p50(await timeEach(SAMPLES, () => fetch(`${stack.url}/api/health`).then((r) => r.text())));
  const cigarIds = catalog.cigars.map((c) => c.id);
  const addP50 = p50(await timeEach(SAMPLES, async (i) => {
    const r = await fetch(`${stack.url}/api/humidor`, { method: 'POST', headers, body: JSON.stringify({ cigarId: cigarIds[i % cigarIds.length], quantity: 1 }) });
    if (r.status !== 201) throw new Error(`POST /api/humidor answered ${r.status}: ${await r.text()}`);
  }));
  record({ id: 'B4', what: 'POST /api/humidor p50 vs raw PutItem p50', ours: addP50, floor: putP50, unit: 'ms', goal: '<= 3x', better: 'lower', limit: 3 });

  const queries = ['padron', 'padrn', 'fuente robusto', 'maduro toro', 'nicaragua', 'churchil', 'rob', 'habano belicoso', 'estel', 'connecticut corona'];
  const brandWords = catalog.brands.slice(0, 10).map((b) => b.name.split(' ')[0]!.toLowerCase());
  const allQueries = [...queries, ...brandWords];
  const searchP50 = p50(await timeEach(SAMPLES, async (i) => {
    const r = await fetch(`${stack.url}/api/search?q=${encodeURIComponent(allQueries[i % allQueries.length]!)}`, { headers: { cookie } });
    if (r.status !== 200) throw new Error(`search answered ${r.status}`);
    await r.text();
  }));
  record({ id: 'B5', what: 'GET /api/search p50 (5,000 cigars) vs GET /api/health p50', ours: searchP50, floor: healthP50, unit: 'ms', goal: '<= 2x', better: 'lower', limit: 2 });

  // B9 before B3 (its process gets events' env on top of this process's, which B3 changes to social's).
  // Sampling capped in time as well, so B9 stays under ~30 s on a busy machine.
  const rsvp = await benchRsvp(stack, { samples: SAMPLES, budgetMs: quick ? 4_000 : 8_000 });
  for (const r of rsvp.rows) measured(r);
  // B10 likewise before B3 (ai's env in its own process), capped in time so it stays under ~30 s.
  const vitolai = await benchVitolai(stack, { samples: SAMPLES, budgetMs: quick ? 4_000 : 8_000, capMs: quick ? 8_000 : 12_000 });
  for (const r of vitolai.rows) measured(r);

  // B3 last: it loads social's handler into this process, with social's env.
  const feed = await benchFeed(stack, { samples: Math.ceil(SAMPLES / 2) }); // three calls a sample: B3 stays under a minute
  for (const r of feed.rows) record(r);

  const floors = { ...feed.floors, ...rsvp.floors, ...vitolai.floors, bareNodeHttpReqPerSec: bareRps, dynamoGetItemP50Ms: getP50, dynamoQueryP50Ms: queryP50, dynamoPutItemP50Ms: putP50, healthP50Ms: healthP50, nodeBaselineMs: p50(baselineRuns) };
  const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(2));
  console.log('\nFloors measured in this run:');
  for (const [k, v] of Object.entries(floors)) console.log(`  ${k.padEnd(26)} ${fmt(v)}`);
  console.log('\n| id | what | ours | floor | ratio | goal | |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.id} | ${r.what} | ${fmt(r.ours)} ${r.unit} | ${fmt(r.floor)} ${r.unit} | ${r.ratio.toFixed(2)}x | ${r.goal} | ${r.pass === null ? 'measured' : r.pass ? 'ok' : 'MISS'} |`);
  const notes = [...feed.notes, ...rsvp.notes, ...vitolai.notes];
  console.log(`\n${notes.join('\n')}`);
  writeFileSync(join(ROOT, 'bench', 'results.json'), `${JSON.stringify({ at: new Date().toISOString(), node: process.version, floors, rows, notes }, null, 2)}\n`);
  const goaled = rows.filter((r) => r.pass !== null);
  console.log(`\n${goaled.filter((r) => r.pass).length} of ${goaled.length} within goal, ${rows.length - goaled.length} measured without a goal; results in bench/results.json`);
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
}
