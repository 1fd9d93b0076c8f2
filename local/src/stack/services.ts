import { join } from 'node:path';
import { servicesWithWorker } from '@torcedor/shared/events';
import { SERVICES } from '@torcedor/shared/services';
import { localAws, type LocalAws } from '../aws/local-aws.ts';
import { liveEndpoint, serviceEnv } from '../env.ts';
import { buildServices, type BuildResult } from '../lambda/build.ts';
import { ServiceRuntime } from '../lambda/runtime.ts';
import { since } from '../log.ts';
import { REPO_ROOT } from '../paths.ts';
import type { StackRun } from './run.ts';
import type { StartedUploads, StartedUserPool } from './stand-ins.ts';

/** The services' bundles (DATA_DIR/build); in dev mode rebuilt on a change, and the services whose bundle changed reloaded. */
export async function buildFunctions(run: StackRun): Promise<{ build: BuildResult; took: string }> {
  const { log, runtimes } = run;
  const t = performance.now();
  const build = await buildServices({
    repoRoot: REPO_ROOT,
    outDir: join(run.dataDir, 'build'),
    ...(run.dev ? {
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
  run.cleanups.push(() => build.dispose());
  return { build, took: since(t) };
}

/**
 * The seven services, each in its worker thread. They need the pool ids and the endpoints (ports are known up
 * front), not a running DynamoDB: they load (cold starts) while the JVM is still coming up.
 */
export async function startServices(run: StackRun, dynamoPort: number, parts: {
  userPool: Promise<StartedUserPool>;
  uploads: Promise<StartedUploads>;
  mail: Promise<{ endpoint: string }>;
  busEndpoint: Promise<string>;
  built: Promise<{ build: BuildResult; took: string }>;
}): Promise<LocalAws> {
  const dynamoEndpoint = `http://127.0.0.1:${dynamoPort}`;
  const [cognito, s3, mail, busEndpoint, { build, took }] = await Promise.all([parts.userPool, parts.uploads, parts.mail, parts.busEndpoint, parts.built]);
  const aws = localAws({
    dynamoEndpoint, cognitoEndpoint: cognito.endpoint, s3Endpoint: s3.endpoint, eventBridgeEndpoint: busEndpoint, sesEndpoint: mail.endpoint,
    userPoolId: cognito.userPoolId, clientId: cognito.clientId, appOrigin: run.appOrigin, originProof: run.originProof,
  });
  const t = performance.now();
  const { runtimes, log } = run;
  for (const s of SERVICES) {
    const env = serviceEnv(s, aws, { logLevel: run.logLevel, liveEndpoint: liveEndpoint(run.port) });
    runtimes.set(s, new ServiceRuntime(s, build.host, build.bundles[s], env, (svc, err) => {
      log.error(`${svc} runtime crashed (${err.message}); it restarts on its next request`);
    }));
  }
  run.cleanups.push(async () => { await Promise.all([...runtimes.values()].map((r) => r.stop())); });
  await Promise.all([...runtimes.values()].map((r) => r.start()));
  log.ok(`${SERVICES.length} services (${servicesWithWorker().length} with workers) bundled in ${took}, loaded ${since(t)}`);
  return aws;
}
