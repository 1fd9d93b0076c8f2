/**
 * B10's measuring side, run by vitolai.ts in a process of its own with the env the local stack gives the ai service
 * (serviceEnv('ai'), read by the kit at import; no OpenAI key: the local VitolAI engine answers). It cannot run in
 * the bench process: the kit's configuration (table, service name) is module state, and B3 loads social's handler
 * there. As B9's rsvp-process.ts, with VitolAI's answer instead of an RSVP.
 *
 * Input: BENCH_VITOLAI (JSON, VitolaiInput); output: one line `BENCH_VITOLAI_RESULT <json>` (VitolaiOutput) on stdout.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { httpEvent } from '../services/kit/test/http-event.ts';
import { busyTime, commandRecorder, roundTripTimes, sequentialRoundTrips, type Sent } from './round-trips.ts';

/**
 * `samples` pairs at most; sampling stops after `budgetMs` once MIN_SAMPLES pairs were taken, and after `capMs`
 * in any case (a busy machine), or when the members run out. Each member answers `perMember` times at most (under
 * AI_ABUSE_LIMITS), in one chat.
 */
export interface VitolaiInput {
  members: { userId: string; cookies: string[] }[]; perMember: number; warmUp: number; observed: number;
  samples: number; budgetMs: number; capMs: number; appOrigin: string; message: string; topic: string;
}
/** What one answer sent to DynamoDB (p50s over the observed answers). */
export interface VitolaiCalls { calls: number; trips: number; capacity: number; commands: string; total: number; waiting: number; tripMs: number[] }
export interface VitolaiOutput {
  samples: number; seconds: { start: number; warmUp: number; sampling: number; observing: number }; putP50: number; answerP50: number;
  /** The process's first answer (cold: the catalog read, the engine's index, the session keys), as it sent it. */
  first: VitolaiCalls; answer: VitolaiCalls; observed: number; table: string; provider: string; catalogCigars: number;
  membersUsed: number; answers: number; maxHistoryTurns: number; sample: string;
}

type Handler = (event: APIGatewayProxyEventV2, context: unknown) => Promise<APIGatewayProxyStructuredResultV2>;

const MIN_SAMPLES = 50;
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** What Lambda passes a function besides the event (the local stack's host passes the same). */
const lambdaContext = () => ({
  functionName: 'torcedor-ai-http', functionVersion: '$LATEST', invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:torcedor-ai-http',
  memoryLimitInMB: '1024', awsRequestId: randomUUID(), logGroupName: '/aws/lambda/torcedor-ai-http', logStreamName: 'bench',
  callbackWaitsForEmptyEventLoop: true, getRemainingTimeInMillis: () => 30_000, done: () => undefined, fail: () => undefined, succeed: () => undefined,
});

const phases: number[] = [];
const input = JSON.parse(process.env.BENCH_VITOLAI ?? '') as VitolaiInput;
const kit = await import('@torcedor/service-kit/ddb');
const http = (await import('../services/ai/src/http.ts')).handler as unknown as Handler;
const { aiProvider } = await import('../services/ai/src/providers/index.ts');
const { loadCatalog } = await import('../services/ai/src/store/copies.ts');
const { AI_CONTEXT_TURNS } = await import('@torcedor/shared/constants');
phases.push(performance.now()); // since the process started (performance.timeOrigin)

// ---- What each command touched ------------------------------------------------------------------------
/**
 * A second middleware on the kit's client, beside the recorder (and like it, installed only while answers are
 * recorded), notes in the order commands start what each one reads or writes: the first segment of its keys' and
 * values' strings ('REVOKED', 'USAGE', 'CHAT', 'RATE', 'CATALOG', ...), so the sequence names the session's
 * revocation check apart from the answer's own reads. Matched to the recorder's commands by start order.
 */
const targets: { start: number; what: string }[] = [];
function stringsOf(v: unknown, out: string[]) {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) stringsOf(x, out);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) stringsOf(x, out);
}
function targetOf(command: unknown): string {
  const strings: string[] = [];
  const walk = (o: unknown) => {
    if (!o || typeof o !== 'object') return;
    for (const [k, v] of Object.entries(o)) {
      if (k === 'Key' || k === 'Keys' || k === 'ExpressionAttributeValues') stringsOf(v, strings);
      else if (k === 'Item') stringsOf({ PK: (v as { PK?: unknown }).PK, SK: (v as { SK?: unknown }).SK }, strings);
      else if (typeof v === 'object') walk(v);
    }
  };
  walk(command);
  const segments = [...new Set(strings.map((s) => s.split('#')[0]!).filter((s) => /^[A-Z][A-Z$]+$/.test(s)))];
  const own = segments.filter((s) => s !== 'MEMBER');
  return (own.length ? own : segments).join(',');
}
const clientStack = kit.dynamodb.middlewareStack as unknown as {
  add(mw: (next: (args: { input: unknown }) => Promise<unknown>) => (args: { input: unknown }) => Promise<unknown>, o: { step: 'initialize'; name: string; priority: 'high' }): void;
  remove(name: string): boolean;
};
const noteTargets = () => clientStack.add((next) => (args) => {
  targets.push({ start: performance.now(), what: targetOf(args.input) });
  return next(args);
}, { step: 'initialize', name: 'benchTargets', priority: 'high' });

// ---- The two calls measured ---------------------------------------------------------------------------
let answers = 0;
let sessionId = '';
let historyTurns = 0;
let maxHistoryTurns = 0;
let sample = '';
/** The member for the next answer: a fresh one (and a fresh chat) every `perMember` answers; null when they ran out. */
const memberNow = () => input.members[Math.floor(answers / input.perMember)] ?? null;
const ask = async (check: boolean) => {
  const member = memberNow();
  if (!member) throw new Error(`B10 ran out of members after ${answers} answers`);
  if (answers % input.perMember === 0) {
    sessionId = `session-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;
    historyTurns = 0;
  }
  const r = await http(httpEvent('POST', '/api/chatbot/conversation', {
    cookies: member.cookies, body: { sessionId, message: input.message, topic: input.topic }, headers: { origin: input.appOrigin },
  }), lambdaContext());
  answers++;
  maxHistoryTurns = Math.max(maxHistoryTurns, historyTurns);
  historyTurns = Math.min(AI_CONTEXT_TURNS, historyTurns + 2);
  if (r.statusCode !== 200) throw new Error(`POST /api/chatbot/conversation answered ${r.statusCode}: ${r.body}`);
  if (check) {
    const a = JSON.parse(String(r.body)) as { response: string; suggestions: unknown[]; usage: { used: number; limit: number | null } };
    // A chat answer is not counted against the daily quota of recommendations; the question is about storage.
    if (!/humid/i.test(a.response) || !Array.isArray(a.suggestions) || a.usage.used !== 0) {
      throw new Error(`unexpected VitolAI answer: ${String(r.body).slice(0, 400)}`);
    }
    sample = a.response;
  }
};
/** The floor: one item written to the ai table through the very client the handler uses. */
const rawPut = (i: number) => kit.ddb.send(new PutCommand({ TableName: kit.TABLE, Item: { PK: `BENCHPUT#${i % 50}`, SK: 'ITEM', v: i } }));

// The process's first answer, recorded (B3's recorder, removed before the timed samples), then the rest of the
// warm-up, every answer checked; then the two sampled alternately, the order swapping every sample, so both see
// the same load.
const recordOne = async (recorder: ReturnType<typeof commandRecorder>) => {
  targets.length = 0;
  const { sent, total } = await recorder.during(() => ask(true));
  return { sent, total, targets: [...targets] };
};
let recorder = commandRecorder(kit.dynamodb);
noteTargets();
const first = await recordOne(recorder);
recorder.remove();
clientStack.remove('benchTargets');
for (let i = 0; i < input.warmUp; i++) {
  await rawPut(i);
  if (i > 0) await ask(true);
}
phases.push(performance.now());
const provider = (await aiProvider()).kind;
if (provider !== 'local') throw new Error(`B10 measures the local VitolAI engine, but the ${provider} provider answers (an OpenAI key in the env?)`);
const catalogCigars = (await loadCatalog()).length;

const puts: number[] = [];
const timed: number[] = [];
const roomFor = (n: number) => (input.members.length * input.perMember) - answers >= n;
const sampling = (i: number) => {
  const elapsed = performance.now() - phases[1]!;
  return i < input.samples && roomFor(1 + input.observed) && elapsed < input.capMs && (i < MIN_SAMPLES || elapsed < input.budgetMs);
};
for (let i = 0; sampling(i); i++) {
  for (const which of i % 2 ? ['answer', 'put'] : ['put', 'answer']) {
    const t = performance.now();
    if (which === 'put') {
      await rawPut(i);
      puts.push(performance.now() - t);
    } else {
      await ask(false);
      timed.push(performance.now() - t);
    }
  }
}

// ---- What one answer sends ----------------------------------------------------------------------------
phases.push(performance.now());
// Installed only now, so the timings above ran on the client as it is. Writes re-read the session's revocation
// markers on every request (no cached check).
recorder = commandRecorder(kit.dynamodb);
noteTargets();
const observed: Awaited<ReturnType<typeof recordOne>>[] = [];
for (let i = 0; i < input.observed; i++) observed.push(await recordOne(recorder));
recorder.remove();
clientStack.remove('benchTargets');
phases.push(performance.now());

/** The commands as sent: sequential round trips in order (' -> '), commands in flight together joined by '+'. */
function sequenceOf(sent: Sent[], noted: { start: number; what: string }[]): string {
  const named = [...noted].sort((a, b) => a.start - b.start);
  const trips: { end: number; commands: string[] }[] = [];
  [...sent].sort((a, b) => a.start - b.start).forEach((s, k) => {
    const last = trips.at(-1);
    const what = named.length === sent.length ? `(${named[k]!.what})` : '';
    const name = `${s.command.replace(/Command$/, '')}${what}`;
    if (last && s.start < last.end) {
      last.end = Math.max(last.end, s.end);
      last.commands.push(name);
    } else trips.push({ end: s.end, commands: [name] });
  });
  return trips.map((t) => t.commands.join('+')).join(' -> ');
}
const callsOf = (of: Awaited<ReturnType<typeof recordOne>>[]): VitolaiCalls => {
  const trips = of.map((o) => roundTripTimes(o.sent));
  const longest = Math.max(...trips.map((t) => t.length));
  return {
    calls: p50(of.map((o) => o.sent.length)), trips: p50(of.map((o) => sequentialRoundTrips(o.sent))),
    capacity: p50(of.map((o) => o.sent.reduce((s, c) => s + c.capacity, 0))),
    // Of the last observed answer (its chat holds the most turns).
    commands: sequenceOf(of.at(-1)!.sent, of.at(-1)!.targets),
    total: p50(of.map((o) => o.total)), waiting: p50(of.map((o) => busyTime(o.sent))),
    tripMs: Array.from({ length: longest }, (_, k) => p50(trips.map((t) => t[k] ?? 0))),
  };
};

const output: VitolaiOutput = {
  samples: puts.length,
  seconds: { start: phases[0]! / 1000, warmUp: (phases[1]! - phases[0]!) / 1000, sampling: (phases[2]! - phases[1]!) / 1000, observing: (phases[3]! - phases[2]!) / 1000 },
  putP50: p50(puts), answerP50: p50(timed), first: callsOf([first]), answer: callsOf(observed), observed: input.observed, table: kit.TABLE,
  provider, catalogCigars, membersUsed: Math.ceil(answers / input.perMember), answers, maxHistoryTurns, sample,
};
console.log(`BENCH_VITOLAI_RESULT ${JSON.stringify(output)}`);
