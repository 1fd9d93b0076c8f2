/**
 * B4's round trips, run by humidor.ts in a process of its own with the env the local stack gives the humidor
 * service (serviceEnv('humidor'), read by the kit at import), as rsvp-process.ts does for B9: POST /api/humidor
 * through humidor's real HTTP handler with a real session, B3's recorder on the kit's DynamoDB client.
 *
 * Input: BENCH_HUMIDOR (JSON, HumidorInput); output: one line `BENCH_HUMIDOR_RESULT <json>` (HumidorOutput) on stdout,
 * with the transaction an add sent, for B4's floor.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { httpEvent } from '../services/kit/test/http-event.ts';
import { commandRecorder, sequenceOf, sequentialRoundTrips } from './round-trips.ts';

export interface HumidorInput { cookies: string[]; cigarIds: string[]; appOrigin: string }
export interface HumidorOutput {
  calls: number; trips: number; commands: string; observed: number;
  /** The add's p50 through the handler called in this process (no gateway, recorder on), beside B4's through the gateway. */
  inProcessP50Ms: number;
  /** The add's transaction as the handler sent it (its command's name and input): B4's floor replays it raw. */
  transaction: { command: string; input: unknown };
}

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
const totals: number[] = [];
for (let i = 0; i < OBSERVED; i++) {
  const { sent, total } = await recorder.during(add);
  observed.push(sent);
  totals.push(total);
}
recorder.remove();
const transaction = observed[0]!.find((c) => /^TransactWrite/.test(c.command));
if (!transaction) throw new Error(`an add sent no transaction (${sequenceOf(observed[0]!)})`);
const output: HumidorOutput = {
  calls: p50(observed.map((s) => s.length)), trips: p50(observed.map(sequentialRoundTrips)), commands: sequenceOf(observed[0]!), observed: OBSERVED,
  inProcessP50Ms: p50(totals),
  transaction: { command: transaction.command, input: transaction.input },
};
console.log(`BENCH_HUMIDOR_RESULT ${JSON.stringify(output)}`);
