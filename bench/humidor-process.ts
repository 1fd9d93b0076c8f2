/**
 * B4's round trips, run by humidor.ts in a process of its own with the env the local stack gives the humidor
 * service (serviceEnv('humidor'), read by the kit at import), as rsvp-process.ts does for B9: POST /api/humidor
 * through humidor's real HTTP handler with a real session, B3's recorder on the kit's DynamoDB client.
 *
 * Input: BENCH_HUMIDOR (JSON, HumidorInput); output: one line `BENCH_HUMIDOR_RESULT <json>` (HumidorOutput) on stdout.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { httpEvent } from '../services/kit/test/http-event.ts';
import { commandRecorder, sequenceOf, sequentialRoundTrips } from './round-trips.ts';

export interface HumidorInput { cookies: string[]; cigarIds: string[]; appOrigin: string }
export interface HumidorOutput { calls: number; trips: number; commands: string; observed: number }

type Handler = (event: APIGatewayProxyEventV2, context: unknown) => Promise<APIGatewayProxyStructuredResultV2>;
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const lambdaContext = () => ({ awsRequestId: randomUUID(), getRemainingTimeInMillis: () => 10_000 });

const input = JSON.parse(process.env.BENCH_HUMIDOR ?? '') as HumidorInput;
const kit = await import('@torcedor/service-kit/ddb');
const http = (await import('../services/humidor/src/http.ts')).handler as unknown as Handler;

let n = 0;
const add = async () => {
  const cigarId = input.cigarIds[n++ % input.cigarIds.length]!;
  const r = await http(httpEvent('POST', '/api/humidor', { cookies: input.cookies, body: { cigarId, quantity: 1 }, headers: { origin: input.appOrigin } }), lambdaContext());
  if (r.statusCode !== 201) throw new Error(`POST /api/humidor answered ${r.statusCode}: ${r.body}`);
};
// Warm-up: the instance's caches (session keys, entitlement, catalog) as a warm Lambda has them.
for (let i = 0; i < 10; i++) await add();
const recorder = commandRecorder(kit.dynamodb);
const OBSERVED = 20;
const observed = [];
for (let i = 0; i < OBSERVED; i++) observed.push((await recorder.during(add)).sent);
recorder.remove();
const output: HumidorOutput = {
  calls: p50(observed.map((s) => s.length)), trips: p50(observed.map(sequentialRoundTrips)), commands: sequenceOf(observed[0]!), observed: OBSERVED,
};
console.log(`BENCH_HUMIDOR_RESULT ${JSON.stringify(output)}`);
