import { BatchWriteCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE, type Key } from './ddb.ts';

export type Item = Record<string, unknown>;
export type { Key };

/** Every item a query matches, all pages. */
export async function queryAll(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<Item[]> {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const page = await ddb.send(new QueryCommand({ ...input, TableName: TABLE, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Every item of one partition of the main index. */
export const partitionItems = (pk: string) =>
  queryAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true });

/** Deletes items by key, 25 per batch, retrying unprocessed ones. Deleting a missing item is a no-op. */
export async function deleteKeys(keys: Key[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 25) {
    let pending: { DeleteRequest: { Key: Key } }[] = keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
      const out = await ddb.send(new BatchWriteCommand({ RequestItems: { [TABLE]: pending } }));
      pending = (out.UnprocessedItems?.[TABLE] ?? []) as typeof pending;
    }
  }
}

const INTERNAL = /^(PK|SK|GSI\d+PK|GSI\d+SK|ttl)$/;
/** One service's part of a member's export: items without the table's internal key attributes. */
export function exportPart(service: string, items: Item[]) {
  return {
    service,
    exportedAt: new Date().toISOString(),
    items: items.map((i) => Object.fromEntries(Object.entries(i).filter(([k]) => !INTERNAL.test(k)))),
  };
}
