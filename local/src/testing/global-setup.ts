import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startCognito, ensureUserPool } from '../aws/cognito.ts';
import { startDynamo, ensureTables } from '../aws/dynamodb.ts';
import { assertJava } from '../aws/java.ts';
import { EVENT_BUS_NAME, localAws, type LocalAws } from '../aws/local-aws.ts';
import { startS3 } from '../aws/s3.ts';
import { startSes } from '../aws/ses.ts';
import { LocalBus } from '../bus.ts';
import { freePort } from '../ports.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The local stand-ins started for this test run (see local/src/testing/global-setup.ts). */
    localAws: LocalAws;
  }
}

/**
 * vitest globalSetup of the integration project: DynamoDB Local (in memory) with every service's
 * table, cognito-local with the pool/group/client, s3rver with the uploads bucket, aws-ses-v2-local, and a recording
 * EventBridge endpoint, on free ports in a temp dir; the same code the local stack uses. Tests read the
 * values with `inject('localAws')`. Everything is stopped and removed afterwards.
 */
export default async function setup(project: TestProject) {
  assertJava();
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const dir = mkdtempSync(join(tmpdir(), 'torcedor-it-'));
  const appOrigin = 'http://localhost:3000';
  const stops: (() => Promise<unknown>)[] = [];
  const teardown = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const parts = await Promise.allSettled([
      freePort().then((port) => startDynamo({ port, logFile: join(dir, 'dynamodb.log') })).then(async (d) => {
        stops.push(() => d.child.stop());
        await ensureTables(d.client);
        return d;
      }),
      freePort().then((port) => startCognito({ port, dir: join(dir, 'cognito'), logFile: join(dir, 'cognito.log') })).then(async (c) => {
        stops.push(() => c.child.stop());
        return { ...c, ...(await ensureUserPool(c.client)) };
      }),
      freePort().then((port) => startS3({ port, dir: join(dir, 's3'), appOrigin })).then((s) => {
        stops.push(s.stop);
        return s;
      }),
      freePort().then((port) => startSes({ port })).then((m) => {
        stops.push(m.stop);
        return m;
      }),
      freePort().then(async (port) => {
        const b = new LocalBus({ busName: EVENT_BUS_NAME });
        const endpoint = await b.listen(port);
        stops.push(() => b.close(0));
        return endpoint;
      }),
    ] as const);
    // Settled, not Promise.all: whatever started is registered in `stops` before a failure is thrown.
    const failed = parts.find((p) => p.status === 'rejected');
    if (failed) throw failed.reason;
    const [dynamo, cognito, s3, ses, bus] = parts.map((p) => (p as PromiseFulfilledResult<unknown>).value) as [
      { endpoint: string }, { endpoint: string; userPoolId: string; clientId: string }, { endpoint: string }, { endpoint: string }, string,
    ];
    project.provide('localAws', localAws({
      dynamoEndpoint: dynamo.endpoint, cognitoEndpoint: cognito.endpoint, s3Endpoint: s3.endpoint, eventBridgeEndpoint: bus, sesEndpoint: ses.endpoint,
      userPoolId: cognito.userPoolId, clientId: cognito.clientId, appOrigin,
    }));
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
