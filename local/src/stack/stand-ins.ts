// The AWS stand-ins (docs/architecture.md, "On one machine"), each on its loopback port, each logging one line when up.
import { join } from 'node:path';
import { ensureUserPool, startCognito } from '../aws/cognito.ts';
import { ensureTables, startDynamo } from '../aws/dynamodb.ts';
import { EVENT_BUS_NAME, UPLOADS_BUCKET } from '../aws/local-aws.ts';
import { startS3 } from '../aws/s3.ts';
import { startSes } from '../aws/ses.ts';
import { LocalBus } from '../bus.ts';
import { since } from '../log.ts';
import type { LocalState } from '../state.ts';
import { adoptChild, type StackRun } from './run.ts';

/** DynamoDB Local (a child JVM) with every service's table. */
export async function startDynamoDb(run: StackRun, port: number) {
  const t = performance.now();
  const d = await startDynamo({ port, dbPath: join(run.dataDir, 'dynamodb'), logFile: join(run.logs, 'dynamodb.log') });
  adoptChild(run, d.child, 'DynamoDBLocal.jar');
  const tables = await ensureTables(d.client);
  run.log.ok(`DynamoDB Local on :${port} (${tables.total} tables${tables.created ? `, ${tables.created} created` : ''}) ${since(t)}`);
  return d;
}

/** cognito-local (a child process) with the user pool, its `owners` group and app client (those of the last run when kept). */
export async function startUserPool(run: StackRun, port: number, state: LocalState) {
  const t = performance.now();
  const c = await startCognito({ port, dir: join(run.dataDir, 'cognito'), logFile: join(run.logs, 'cognito.log') });
  adoptChild(run, c.child, 'cognito-local');
  const ids = await ensureUserPool(c.client, state);
  run.log.ok(`user pool ${ids.userPoolId} on :${port}${ids.created ? ' (created)' : ''} ${since(t)}`);
  return { ...c, ...ids };
}

/** s3rver, in process, with the uploads bucket. */
export async function startUploads(run: StackRun, port: number) {
  const s = await startS3({ port, dir: join(run.dataDir, 's3'), appOrigin: run.appOrigin });
  run.cleanups.push(s.stop);
  run.uploadsOrigin = s.endpoint;
  run.log.ok(`S3 on :${port} (bucket ${UPLOADS_BUCKET})`);
  return s;
}

/** aws-ses-v2-local, in process: every email the services send lands in its inbox, read at /_dev/mail/. */
export async function startMail(run: StackRun, port: number) {
  const m = await startSes({ port });
  run.cleanups.push(m.stop);
  run.mailOrigin = m.endpoint;
  run.log.ok(`SES on :${port} (inbox at ${run.appOrigin}/_dev/mail/)`);
  return m;
}

/** The local EventBridge bus, delivering to the services' workers; its schedules start once the seed can run. */
export function createBus(run: StackRun): LocalBus {
  const bus = new LocalBus({
    busName: EVENT_BUS_NAME,
    deliver: async (consumer, event) => { await run.runtimes.get(consumer)!.invoke('worker', event); },
    deadLetterFile: join(run.dataDir, 'dead-letters.jsonl'),
    journalFile: join(run.dataDir, 'bus-journal.jsonl'),
    duplicates: process.env.LOCAL_BUS_DUPLICATES === '1',
    log: (line) => run.log.warn(line),
  });
  run.closeBus = () => bus.close();
  return bus;
}

export type StartedDynamoDb = Awaited<ReturnType<typeof startDynamoDb>>;
export type StartedUserPool = Awaited<ReturnType<typeof startUserPool>>;
export type StartedUploads = Awaited<ReturnType<typeof startUploads>>;
export type StartedMail = Awaited<ReturnType<typeof startMail>>;
