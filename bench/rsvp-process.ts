/**
 * B9's measuring side, run by rsvp.ts in a process of its own with the env the local stack gives the events
 * service (serviceEnv('events'), read by the kit at import). It cannot run in the bench process: the kit's
 * configuration (table, service name) is module state, and B3 loads social's handler there.
 *
 * Input: BENCH_RSVP (JSON, RsvpInput); output: one line `BENCH_RSVP_RESULT <json>` (RsvpOutput) on stdout.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { RsvpStatus } from '@torcedor/shared/schemas/events';
import { httpEvent } from '../services/kit/test/http-event.ts';
import { busyTime, commandRecorder, roundTripTimes, sequenceOf, sequentialRoundTrips, type Sent } from './round-trips.ts';

/** `samples` pairs at most, sampling stops after `budgetMs` once MIN_SAMPLES pairs were taken (a busy machine). */
export interface RsvpInput { eventId: string; hostId: string; cookies: string[]; samples: number; budgetMs: number; appOrigin: string; eventBridgeEndpoint: string }
/** What one RSVP sent to DynamoDB (p50s over the observed RSVPs of that direction). */
export interface RsvpCalls { calls: number; trips: number; capacity: number; commands: string; total: number; waiting: number; tripMs: number[] }
export interface RsvpOutput {
  samples: number; seconds: { start: number; warmUp: number; sampling: number; observing: number }; putP50: number; rsvpP50: number; goingP50: number; notGoingP50: number;
  going: RsvpCalls; notGoing: RsvpCalls; observed: number; noticesPerGoing: number; table: string;
}

type Handler = (event: APIGatewayProxyEventV2, context: unknown) => Promise<APIGatewayProxyStructuredResultV2>;

const MIN_SAMPLES = 50;
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** What Lambda passes a function besides the event (the local stack's host passes the same). */
const lambdaContext = () => ({
  functionName: 'torcedor-events-http', functionVersion: '$LATEST', invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:torcedor-events-http',
  memoryLimitInMB: '1024', awsRequestId: randomUUID(), logGroupName: '/aws/lambda/torcedor-events-http', logStreamName: 'bench',
  callbackWaitsForEmptyEventLoop: true, getRemainingTimeInMillis: () => 30_000, done: () => undefined, fail: () => undefined, succeed: () => undefined,
});
/** EventNotice events the events service put on the stack's bus so far (the local bus records every entry). */
async function noticesPublished(endpoint: string): Promise<number> {
  const entries = (await (await fetch(`${endpoint}/__local/entries`)).json()) as { Source?: string; DetailType?: string }[];
  return entries.filter((e) => e.DetailType === 'EventNotice' && e.Source?.endsWith('events')).length;
}

const phases: number[] = [];
const input = JSON.parse(process.env.BENCH_RSVP ?? '') as RsvpInput;
const kit = await import('@torcedor/service-kit/ddb');
const http = (await import('../services/events/src/http.ts')).handler as unknown as Handler;
phases.push(performance.now()); // since the process started (performance.timeOrigin)

// ---- The two calls measured ---------------------------------------------------------------------------
/** The member's current answer: none at first; every RSVP flips it between 'going' and 'not_going'. */
let current: RsvpStatus | null = null;
const rsvp = async (check: boolean) => {
  const status: RsvpStatus = current === 'going' ? 'not_going' : 'going';
  const r = await http(httpEvent('POST', `/api/events/${input.eventId}/rsvp`, {
    cookies: input.cookies, pathParameters: { id: input.eventId }, body: { status }, headers: { origin: input.appOrigin },
  }), lambdaContext());
  if (r.statusCode !== 200) throw new Error(`POST /api/events/{id}/rsvp (${status}) answered ${r.statusCode}: ${r.body}`);
  current = status;
  if (check) {
    const view = JSON.parse(String(r.body)) as { rsvpStatus: string | null; attendingCount: number; capacity: number | null; hostId: string; isHost: boolean };
    const want = { rsvpStatus: status, attendingCount: status === 'going' ? 1 : 0, capacity: null, hostId: input.hostId, isHost: false };
    const got = { rsvpStatus: view.rsvpStatus, attendingCount: view.attendingCount, capacity: view.capacity, hostId: view.hostId, isHost: view.isHost };
    if (JSON.stringify(got) !== JSON.stringify(want)) throw new Error(`unexpected RSVP answer: ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
  }
  return status;
};
/** The floor: one item written to the events table through the very client the handler uses. */
const rawPut = (i: number) => kit.ddb.send(new PutCommand({ TableName: kit.TABLE, Item: { PK: `BENCHPUT#${i % 50}`, SK: 'ITEM', v: i } }));

// Warm-up (every answer checked: the member's answer and the event's count flip each call), then the two
// sampled alternately, the order swapping every sample, so both see the same load.
for (let i = 0; i < 10; i++) {
  await rawPut(i);
  await rsvp(true);
}
phases.push(performance.now());
const puts: number[] = [];
const rsvps: { status: RsvpStatus; ms: number }[] = [];
for (let i = 0; i < input.samples && (i < MIN_SAMPLES || performance.now() - phases[1]! < input.budgetMs); i++) {
  for (const which of i % 2 ? ['rsvp', 'put'] : ['put', 'rsvp']) {
    const t = performance.now();
    if (which === 'put') {
      await rawPut(i);
      puts.push(performance.now() - t);
    } else {
      const status = await rsvp(false);
      rsvps.push({ status, ms: performance.now() - t });
    }
  }
}

// ---- What one RSVP sends ------------------------------------------------------------------------------
phases.push(performance.now());

// B3's recorder: a middleware on the kit's DynamoDB client (the document client shares its stack) records each
// command's start and end and asks for its consumed capacity; installed only now, so the timings above ran on
// the client as it is. Writes re-read the session's revocation markers on every request (no cached check).
const recorder = commandRecorder(kit.dynamodb);
const OBSERVED = 20;
const noticesBefore = await noticesPublished(input.eventBridgeEndpoint);
const observed: { status: RsvpStatus; sent: Sent[]; total: number }[] = [];
for (let i = 0; i < OBSERVED; i++) {
  const { result: status, sent, total } = await recorder.during(() => rsvp(true));
  observed.push({ status, sent, total });
}
recorder.remove();
phases.push(performance.now());
const goingObserved = observed.filter((o) => o.status === 'going').length;
const noticesPerGoing = (await noticesPublished(input.eventBridgeEndpoint) - noticesBefore) / goingObserved;

const callsOf = (status: RsvpStatus): RsvpCalls => {
  const of = observed.filter((o) => o.status === status);
  const trips = of.map((o) => roundTripTimes(o.sent));
  const longest = Math.max(...trips.map((t) => t.length));
  return {
    calls: p50(of.map((o) => o.sent.length)), trips: p50(of.map((o) => sequentialRoundTrips(o.sent))),
    capacity: p50(of.map((o) => o.sent.reduce((s, c) => s + c.capacity, 0))),
    // Of the first observed RSVP of this direction.
    commands: sequenceOf(of[0]!.sent),
    total: p50(of.map((o) => o.total)), waiting: p50(of.map((o) => busyTime(o.sent))),
    tripMs: Array.from({ length: longest }, (_, k) => p50(trips.map((t) => t[k] ?? 0))),
  };
};

const output: RsvpOutput = {
  samples: puts.length,
  seconds: { start: phases[0]! / 1000, warmUp: (phases[1]! - phases[0]!) / 1000, sampling: (phases[2]! - phases[1]!) / 1000, observing: (phases[3]! - phases[2]!) / 1000 },
  putP50: p50(puts), rsvpP50: p50(rsvps.map((r) => r.ms)),
  goingP50: p50(rsvps.filter((r) => r.status === 'going').map((r) => r.ms)), notGoingP50: p50(rsvps.filter((r) => r.status === 'not_going').map((r) => r.ms)),
  going: callsOf('going'), notGoing: callsOf('not_going'), observed: OBSERVED, noticesPerGoing, table: kit.TABLE,
};
console.log(`BENCH_RSVP_RESULT ${JSON.stringify(output)}`);
