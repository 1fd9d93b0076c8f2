import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { servicesWithWorker } from '@torcedor/shared/events';
import { SERVICES, type ServiceName } from '@torcedor/shared/services';
import { startCognito, ensureUserPool } from './aws/cognito.ts';
import { startDynamo, ensureTables } from './aws/dynamodb.ts';
import { assertJava } from './aws/java.ts';
import { clientConfig, EVENT_BUS_NAME, localAws, newOriginProof, UPLOADS_BUCKET, type LocalAws } from './aws/local-aws.ts';
import { startS3 } from './aws/s3.ts';
import { LocalBus } from './bus.ts';
import { PidRegistry, type Child } from './children.ts';
import { serviceEnv, type LogLevel } from './env.ts';
import { Gateway } from './gateway/server.ts';
import { createStaticSite } from './gateway/static.ts';
import { buildServices, type BuildResult } from './lambda/build.ts';
import { ServiceRuntime } from './lambda/runtime.ts';
import { createLog, since } from './log.ts';
import { pickPort } from './ports.ts';
import { backgroundSeedSteps, seed, type SeedApi } from './seed.ts';
import { readState, writeState } from './state.ts';
import { buildWeb, webDist, webNeedsBuild, webPresent } from './web.ts';

import { REPO_ROOT } from './paths.ts';

export { REPO_ROOT };

export interface StackOptions {
  /** Port of the app (SPA + /api). Default 3000. */
  port?: number;
  /** Where data is kept across runs. Default `.data` (relative to the working directory). */
  dataDir?: string;
  /** Vite with hot reload for the web, and services rebuilt and reloaded when their files change. */
  dev?: boolean;
  /** No status lines (bench, tests); warnings and errors still print. */
  quiet?: boolean;
  /** LOG_LEVEL of the services. Default: env LOG_LEVEL, else INFO (WARN when quiet). */
  logLevel?: LogLevel;
  /** Log each /api request. Default: on in dev mode. */
  accessLog?: boolean;
  /** Serve the web app (built or via Vite). Default true; false = API only (tests, bench). */
  web?: boolean;
  /** Called when a part dies while the stack runs (the CLI then shuts down). */
  onFatal?: (err: Error) => void;
}

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
 */
export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const t0 = performance.now();
  // The SDK's note that releases after January 2027 need Node 22 (Lambda runs 22): noise locally.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const port = opts.port ?? 3000;
  const dataDir = resolve(opts.dataDir ?? '.data');
  const dev = opts.dev ?? false;
  const log = createLog(opts.quiet);
  const logLevel: LogLevel = opts.logLevel ?? (process.env.LOG_LEVEL as LogLevel | undefined) ?? (opts.quiet ? 'WARN' : 'INFO');
  const appOrigin = `http://localhost:${port}`;
  const logs = join(dataDir, 'logs');
  mkdirSync(logs, { recursive: true });

  assertJava();
  const pids = new PidRegistry(join(dataDir, 'stack.pid'));
  const { killedStale } = await pids.claim();
  if (killedStale.length) log.warn(`stopped leftovers of a killed run: ${killedStale.join(', ')}`);

  const stateFile = join(dataDir, 'local.json');
  const state = readState(stateFile);
  const cleanups: (() => Promise<void>)[] = [];
  const children: Child[] = [];
  /** Closed right after the gateway, while the services still run: deliveries in flight can finish. */
  let closeBus: (() => Promise<void>) | undefined;
  let stopping = false;
  const fatal = (err: Error) => {
    if (stopping) return;
    log.error(err.message);
    opts.onFatal?.(err);
  };

  const runtimes = new Map<ServiceName, ServiceRuntime>();
  let uploadsOrigin: string | undefined;
  // The gateway adds it to every /api request as CloudFront does; the functions get it in their settings (LocalAws).
  const originProof = newOriginProof();
  const gateway = new Gateway({
    port,
    originProof,
    dev,
    stripe: Boolean(process.env.STRIPE_SECRET_KEY),
    accessLog: opts.accessLog ?? dev,
    uploadsOrigin: () => uploadsOrigin,
    log: (line) => console.log(`  ${line}`),
    invoke: (service, event) => runtimes.get(service)!.invoke('http', event),
    invokeStream: (service, event, listeners) => runtimes.get(service)!.invokeStream(event, listeners),
  });

  const stopAll = async () => {
    stopping = true;
    // The edge first (no new requests), then the rest in reverse order of start.
    await gateway.close().catch(() => undefined);
    await closeBus?.().catch((e: Error) => log.warn(`stop: ${e.message}`));
    for (const fn of cleanups.reverse()) await fn().catch((e: Error) => log.warn(`stop: ${e.message}`));
    await Promise.all(children.map((c) => c.stop()));
    pids.release();
  };

  try {
    await gateway.listen();

    const taken = new Set<number>([port]);
    const pick = async (preferred: number | undefined) => {
      let p = await pickPort(taken.has(preferred ?? -1) ? undefined : preferred);
      while (taken.has(p)) p = await pickPort(undefined);
      taken.add(p);
      return p;
    };
    const dynamoPort = await pick(state.ports?.dynamodb);
    const cognitoPort = await pick(state.ports?.cognito);
    const s3Port = await pick(state.ports?.s3);
    const busPort = await pick(state.ports?.bus);
    if (state.ports?.cognito && state.ports.cognito !== cognitoPort) {
      log.warn(`cognito-local moved from :${state.ports.cognito} to :${cognitoPort}: earlier sessions are no longer valid`);
    }
    if (state.ports?.s3 && state.ports.s3 !== s3Port) {
      log.warn(`S3 moved from :${state.ports.s3} to :${s3Port}: URLs of earlier uploads point at the old port`);
    }

    const watchChild = (c: Child) => {
      children.push(c);
      // A signal sent to the whole process group (Ctrl-C, Playwright) reaches the children too: give
      // our own handler a moment to start the stop before calling it a crash.
      void c.exited.then((code) => setTimeout(() => fatal(new Error(`${c.name} exited unexpectedly (code ${code}); see ${logs}`)), 300));
    };

    const dynamoP = (async () => {
      const t = performance.now();
      const d = await startDynamo({ port: dynamoPort, dbPath: join(dataDir, 'dynamodb'), logFile: join(logs, 'dynamodb.log') });
      watchChild(d.child);
      pids.add(d.child, 'DynamoDBLocal.jar');
      const tables = await ensureTables(d.client);
      log.ok(`DynamoDB Local on :${dynamoPort} (${tables.total} tables${tables.created ? `, ${tables.created} created` : ''}) ${since(t)}`);
      return d;
    })();

    const cognitoP = (async () => {
      const t = performance.now();
      const c = await startCognito({ port: cognitoPort, dir: join(dataDir, 'cognito'), logFile: join(logs, 'cognito.log') });
      watchChild(c.child);
      pids.add(c.child, 'cognito-local');
      const ids = await ensureUserPool(c.client, state);
      log.ok(`user pool ${ids.userPoolId} on :${cognitoPort}${ids.created ? ' (created)' : ''} ${since(t)}`);
      return { ...c, ...ids };
    })();

    const s3P = (async () => {
      const s = await startS3({ port: s3Port, dir: join(dataDir, 's3'), appOrigin });
      cleanups.push(s.stop);
      uploadsOrigin = s.endpoint;
      log.ok(`S3 on :${s3Port} (bucket ${UPLOADS_BUCKET})`);
      return s;
    })();

    const bus = new LocalBus({
      busName: EVENT_BUS_NAME,
      deliver: async (consumer, event) => { await runtimes.get(consumer)!.invoke('worker', event); },
      deadLetterFile: join(dataDir, 'dead-letters.jsonl'),
      journalFile: join(dataDir, 'bus-journal.jsonl'),
      duplicates: process.env.LOCAL_BUS_DUPLICATES === '1',
      log: (line) => log.warn(line),
    });
    closeBus = () => bus.close();
    const busP = bus.listen(busPort);

    let build: BuildResult | undefined;
    const buildP = (async () => {
      const t = performance.now();
      build = await buildServices({
        repoRoot: REPO_ROOT,
        outDir: join(dataDir, 'build'),
        ...(dev ? {
          onChange: (changed) => {
            for (const s of changed) {
              const t1 = performance.now();
              runtimes.get(s)?.reload().then(
                () => log.ok(`${s} reloaded ${since(t1)}`),
                (e: Error) => log.error(`${s} did not reload: ${e.message}`),
              );
            }
          },
          onError: (text) => log.error(`service build failed:\n${text}`),
        } : {}),
      });
      cleanups.push(() => build!.dispose());
      return since(t);
    })();

    const webP = (async () => {
      if (opts.web === false) {
        gateway.setWebMessage('This stack serves the API only.');
        return;
      }
      if (!webPresent(REPO_ROOT)) {
        gateway.setWebMessage('The web app (web/index.html) does not exist yet.');
        log.warn('web/index.html is missing: serving the API only');
        return;
      }
      const t = performance.now();
      if (dev) {
        const { createServer } = await import('vite');
        const vite = await createServer({
          root: join(REPO_ROOT, 'web'),
          configLoader: 'runner',
          server: { middlewareMode: true, hmr: { server: gateway.server } },
          appType: 'spa',
          logLevel: opts.quiet ? 'error' : 'info',
        });
        cleanups.push(() => vite.close());
        gateway.setVite(vite.middlewares);
        log.ok(`web app via Vite (hot reload) ${since(t)}`);
        return;
      }
      if (webNeedsBuild(REPO_ROOT)) {
        gateway.setWebMessage('Torcedor is building the web app…');
        await buildWeb(REPO_ROOT);
        log.ok(`web app built ${since(t)}`);
      } else {
        log.ok('web app up to date (web/dist)');
      }
      gateway.setSite(createStaticSite(webDist(REPO_ROOT)));
    })();

    // The services need the pool ids and the endpoints (ports are known up front), not a running
    // DynamoDB: they load (cold starts) while the JVM is still coming up.
    const dynamoEndpoint = `http://127.0.0.1:${dynamoPort}`;
    const servicesP = (async () => {
      const [cognito, s3, busEndpoint, buildTime] = await Promise.all([cognitoP, s3P, busP, buildP]);
      const aws = localAws({
        dynamoEndpoint, cognitoEndpoint: cognito.endpoint, s3Endpoint: s3.endpoint, eventBridgeEndpoint: busEndpoint,
        userPoolId: cognito.userPoolId, clientId: cognito.clientId, appOrigin, originProof,
      });
      const t = performance.now();
      for (const s of SERVICES) {
        runtimes.set(s, new ServiceRuntime(s, build!.host, build!.bundles[s], serviceEnv(s, aws, { logLevel }), (svc, err) => {
          log.error(`${svc} runtime crashed (${err.message}); it restarts on its next request`);
        }));
      }
      cleanups.push(async () => { await Promise.all([...runtimes.values()].map((r) => r.stop())); });
      await Promise.all([...runtimes.values()].map((r) => r.start()));
      log.ok(`${SERVICES.length} services (${servicesWithWorker().length} with workers) bundled in ${buildTime}, loaded ${since(t)}`);
      return aws;
    })();

    // Wait for every part (even after a failure) so that whatever did start is known and gets stopped.
    const parts = await Promise.allSettled([dynamoP, cognitoP, s3P, servicesP, webP] as const);
    const failed = parts.find((p) => p.status === 'rejected');
    if (failed) throw failed.reason;
    const [dynamo, cognito, s3, aws] = parts.map((p) => (p as PromiseFulfilledResult<unknown>).value) as [
      Awaited<typeof dynamoP>, Awaited<typeof cognitoP>, Awaited<typeof s3P>, LocalAws,
    ];
    writeState(stateFile, {
      userPoolId: cognito.userPoolId,
      clientId: cognito.clientId,
      ports: { dynamodb: dynamoPort, cognito: cognitoPort, s3: s3Port, bus: busPort },
    });
    // Events the last run accepted and did not deliver: now that every consumer is loaded, before the seed.
    const replayed = bus.replay();
    if (replayed) log.ok(`bus: ${replayed} delivery(ies) left pending by the last run replayed`);
    bus.startSchedules();

    const api: SeedApi = async (method, path, init = {}) => {
      const body = init.body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(init.body));
      const res = await gateway.api({
        method,
        url: path,
        headers: {
          host: `localhost:${port}`,
          'user-agent': 'torcedor-local',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(init.cookies?.length ? { cookie: init.cookies.join('; ') } : {}),
          ...init.headers,
        },
        body,
        sourceIp: '127.0.0.1',
        port,
      });
      const text = res.body.toString('utf8');
      let parsed: unknown = text;
      try { parsed = text ? JSON.parse(text) : undefined; } catch { /* not JSON */ }
      return { status: res.statusCode, headers: res.headers, cookies: res.cookies, body: parsed };
    };

    const tSeed = performance.now();
    const seedContext = {
      aws,
      dynamodb: dynamo.client,
      cognito: cognito.client,
      s3: new S3Client({ ...clientConfig(s3.endpoint), forcePathStyle: true }),
      api,
      busIdle: () => bus.idle(),
      log: (line: string) => log.info(line),
    };
    await seed(seedContext);
    if (performance.now() - tSeed > 50) log.ok(`seed ${since(tSeed)}`);

    gateway.setReady(true);
    // The same readiness operators read at /api/health/ready: each dependency as the services see it.
    const ready = (await api('GET', '/api/health/ready')).body as { status: string; dependencies: { name: string; status: string; latencyMs: number }[] } | undefined;
    if (ready?.dependencies) {
      const line = ready.dependencies.map((d) => `${d.name} ${d.status} ${d.latencyMs} ms`).join(', ');
      if (ready.status === 'ok') log.ok(`ready: ${line}`);
      else log.warn(`ready: ${ready.status}: ${line}`);
    }
    log.ok(`Torcedor on ${appOrigin} (${dev ? 'dev mode, ' : ''}up in ${since(t0)})`);
    // The demo club fills in while the product already answers; each step catches its own failures.
    const backgroundSeeded = seed(seedContext, backgroundSeedSteps).catch((err: unknown) => log.warn((err as Error).message));

    let stopped: Promise<void> | undefined;
    return {
      url: appOrigin,
      dynamoEndpoint: dynamo.endpoint,
      cognitoEndpoint: cognito.endpoint,
      s3Endpoint: s3.endpoint,
      eventBridgeEndpoint: aws.eventBridgeEndpoint,
      userPoolId: cognito.userPoolId,
      clientId: cognito.clientId,
      aws,
      dataDir,
      api,
      backgroundSeeded,
      busIdle: () => bus.idle(),
      tick: (name) => bus.tick(name),
      stop: () => (stopped ??= stopAll()),
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
