import { S3Client } from '@aws-sdk/client-s3';
import { clientConfig, type LocalAws } from './aws/local-aws.ts';
import type { LocalBus } from './bus.ts';
import type { Gateway } from './gateway/server.ts';
import { since } from './log.ts';
import { REPO_ROOT } from './paths.ts';
import { backgroundSeedSteps, seed, type SeedApi, type SeedContext } from './seed.ts';
import { awaitCatalogCopies } from './stack/catalog-copies.ts';
import { createGateway, gatewayApi } from './stack/gateway.ts';
import { pickStandInPorts, type StandInPorts } from './stack/ports.ts';
import { prepareRun, stopRun, type StackOptions, type StackRun } from './stack/run.ts';
import { buildFunctions, startServices } from './stack/services.ts';
import {
  createBus, startDynamoDb, startMail, startUploads, startUserPool, type StartedDynamoDb, type StartedUploads, type StartedUserPool,
} from './stack/stand-ins.ts';
import { serveWebApp } from './stack/web-app.ts';
import { readState, writeState, type LocalState } from './state.ts';

export { REPO_ROOT };
export type { StackOptions };

export interface Stack {
  url: string;
  dynamoEndpoint: string;
  cognitoEndpoint: string;
  s3Endpoint: string;
  eventBridgeEndpoint: string;
  userPoolId: string;
  clientId: string;
  /** Every endpoint and id, as the services' env is built from it. */
  aws: LocalAws;
  dataDir: string;
  /** An /api call through the gateway, in process. */
  api: SeedApi;
  /**
   * Settles once the steps seeded in the background after start (the demo club) are done, failed or not: the bench
   * measures a stack that is not busy seeding.
   */
  backgroundSeeded: Promise<void>;
  /** Waits until every event published so far has been delivered (tests, bench). */
  busIdle(): Promise<void>;
  /** Runs one tick of a schedule now. */
  tick(schedule: string): boolean;
  stop(): Promise<void>;
}

/**
 * Brings up the whole product on one machine (docs/architecture.md, "On one machine"): DynamoDB Local, cognito-local and
 * s3rver as the AWS stand-ins, the seven services in worker threads behind the local gateway, the local
 * EventBridge with its schedules, the SPA, and the seed. Resolves once /api/health answers ok.
 *
 * The steps, in order: claim the data dir; the gateway listens (503 "Starting" until ready); the stand-ins' ports;
 * every part in parallel (stand-ins, bus, service bundles and runtimes, web app); the state remembered; the bus's
 * leftovers replayed and its schedules started; the seed; ready. On a failure, whatever started is stopped.
 */
export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const t0 = performance.now();
  // The SDK's note that releases after January 2027 need Node 22 (Lambda runs 22): noise locally.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const run = await prepareRun(opts);
  const state = readState(run.stateFile);
  const gateway = createGateway(run);
  const stopAll = () => stopRun(run, gateway);
  try {
    await gateway.listen();
    const ports = await pickStandInPorts(run, state);
    const parts = startParts(run, gateway, ports, state);
    const { dynamo, cognito, s3, aws } = await allPartsUp(parts);
    rememberState(run, ports, cognito);
    startBus(run, parts.bus);
    const api = gatewayApi(gateway, run.port);
    const seedContext = seedContextOf(run, { dynamo, cognito, s3, aws }, api, parts.bus);
    await seedData(run, seedContext);
    await awaitCatalogCopies(run, dynamo.client, parts.bus);
    await announceReady(run, gateway, api, t0);
    const backgroundSeeded = seedInBackground(run, seedContext);

    let stopped: Promise<void> | undefined;
    return {
      url: run.appOrigin,
      dynamoEndpoint: dynamo.endpoint,
      cognitoEndpoint: cognito.endpoint,
      s3Endpoint: s3.endpoint,
      eventBridgeEndpoint: aws.eventBridgeEndpoint,
      userPoolId: cognito.userPoolId,
      clientId: cognito.clientId,
      aws,
      dataDir: run.dataDir,
      api,
      backgroundSeeded,
      busIdle: () => parts.bus.idle(),
      tick: (name) => parts.bus.tick(name),
      stop: () => (stopped ??= stopAll()),
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

/**
 * Starts every part at once: DynamoDB Local, cognito-local, s3rver, the bus, the service bundles, the web app; the
 * services load as soon as the pool ids, S3, the bus and the bundles exist.
 */
function startParts(run: StackRun, gateway: Gateway, ports: StandInPorts, state: LocalState) {
  const dynamo = startDynamoDb(run, ports.dynamodb);
  const userPool = startUserPool(run, ports.cognito, state);
  const uploads = startUploads(run, ports.s3);
  const mail = startMail(run, ports.ses);
  const bus = createBus(run);
  const busEndpoint = bus.listen(ports.bus);
  const built = buildFunctions(run);
  const web = serveWebApp(run, gateway);
  const services = startServices(run, ports.dynamodb, { userPool, uploads, mail, busEndpoint, built });
  return { dynamo, userPool, uploads, mail, bus, services, web };
}

/** Waits for every part (even after a failure) so that whatever did start is known and gets stopped. */
async function allPartsUp(parts: ReturnType<typeof startParts>) {
  const settled = await Promise.allSettled([parts.dynamo, parts.userPool, parts.uploads, parts.services, parts.web, parts.mail] as const);
  const failed = settled.find((p) => p.status === 'rejected');
  if (failed) throw failed.reason;
  const [dynamo, cognito, s3, aws] = settled.map((p) => (p as PromiseFulfilledResult<unknown>).value) as [
    StartedDynamoDb, StartedUserPool, StartedUploads, LocalAws,
  ];
  return { dynamo, cognito, s3, aws };
}

/** The pool ids and ports of this run, for the next one (DATA_DIR/local.json). */
function rememberState(run: StackRun, ports: StandInPorts, pool: { userPoolId: string; clientId: string }): void {
  writeState(run.stateFile, {
    userPoolId: pool.userPoolId,
    clientId: pool.clientId,
    ports: { dynamodb: ports.dynamodb, cognito: ports.cognito, s3: ports.s3, bus: ports.bus, ses: ports.ses },
  });
}

/** Events the last run accepted and did not deliver: now that every consumer is loaded, before the seed. Then the schedules. */
function startBus(run: StackRun, bus: LocalBus): void {
  const replayed = bus.replay();
  if (replayed) run.log.ok(`bus: ${replayed} delivery(ies) left pending by the last run replayed`);
  bus.startSchedules();
}

/** What the seed steps work with: the stand-ins' clients, the API through the gateway, the bus. */
function seedContextOf(run: StackRun, up: Awaited<ReturnType<typeof allPartsUp>>, api: SeedApi, bus: LocalBus): SeedContext {
  return {
    aws: up.aws,
    dynamodb: up.dynamo.client,
    cognito: up.cognito.client,
    s3: new S3Client({ ...clientConfig(up.s3.endpoint), forcePathStyle: true }),
    api,
    busIdle: () => bus.idle(),
    log: (line: string) => run.log.info(line),
  };
}

/** The seed steps every start runs (src/seed.ts), before the stack reports ready. */
async function seedData(run: StackRun, ctx: SeedContext): Promise<void> {
  const tSeed = performance.now();
  await seed(ctx);
  if (performance.now() - tSeed > 50) run.log.ok(`seed ${since(tSeed)}`);
}

/** /api/health answers ok from now on; prints each dependency as the services see it, then the app's address. */
async function announceReady(run: StackRun, gateway: Gateway, api: SeedApi, t0: number): Promise<void> {
  gateway.setReady(true);
  // The same readiness operators read at /api/health/ready: each dependency as the services see it.
  const ready = (await api('GET', '/api/health/ready')).body as { status: string; dependencies: { name: string; status: string; latencyMs: number }[] } | undefined;
  if (ready?.dependencies) {
    const line = ready.dependencies.map((d) => `${d.name} ${d.status} ${d.latencyMs} ms`).join(', ');
    if (ready.status === 'ok') run.log.ok(`ready: ${line}`);
    else run.log.warn(`ready: ${ready.status}: ${line}`);
  }
  run.log.ok(`Torcedor on ${run.appOrigin} (${run.dev ? 'dev mode, ' : ''}up in ${since(t0)})`);
}

/** The demo club fills in while the product already answers; each step catches its own failures. */
function seedInBackground(run: StackRun, ctx: SeedContext): Promise<void> {
  return seed(ctx, backgroundSeedSteps).catch((err: unknown) => run.log.warn((err as Error).message));
}
