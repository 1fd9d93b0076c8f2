import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { TABLES, type ServiceName } from '@torcedor/shared/services';
import { clientConfig, tableName, type LocalAws } from '@torcedor/local/src/aws/local-aws.ts';

/**
 * A table of a test file's own, made from the service's definition (shared TABLES), for state that every test file of
 * the service would otherwise share: the catalog copy's one STATE item (services/kit/src/catalog-copy.ts) is behind or
 * whole for the whole table. Give `name` as the service's TABLE_NAME; `drop` deletes it after the file.
 */
export async function ownTable(service: ServiceName, aws: Pick<LocalAws, 'dynamoEndpoint'>): Promise<{ name: string; drop: () => Promise<void> }> {
  const client = new DynamoDBClient(clientConfig(aws.dynamoEndpoint));
  const def = TABLES[service];
  const name = `${tableName(service)}-${randomUUID().slice(0, 8)}`;
  const keys = [def.partitionKey, def.sortKey, ...def.gsis.flatMap((g) => [g.partitionKey, g.sortKey])];
  await client.send(new CreateTableCommand({
    TableName: name, BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: keys.map((a) => ({ AttributeName: a, AttributeType: 'S' })),
    KeySchema: [{ AttributeName: def.partitionKey, KeyType: 'HASH' }, { AttributeName: def.sortKey, KeyType: 'RANGE' }],
    ...(def.gsis.length ? {
      GlobalSecondaryIndexes: def.gsis.map((g) => ({
        IndexName: g.name, Projection: { ProjectionType: 'ALL' as const },
        KeySchema: [{ AttributeName: g.partitionKey, KeyType: 'HASH' as const }, { AttributeName: g.sortKey, KeyType: 'RANGE' as const }],
      })),
    } : {}),
  }));
  return {
    name,
    drop: async () => {
      await client.send(new DeleteTableCommand({ TableName: name }));
      client.destroy();
    },
  };
}
