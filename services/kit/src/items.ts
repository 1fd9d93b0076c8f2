import { BatchGetCommand, BatchWriteCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { ServiceName } from '@torcedor/shared/services';
import { ddb, memberPK, TABLE, type Key } from './ddb.ts';

/**
 * The kit's DynamoDB toolkit (docs/decisions.md, "DynamoDB toolkit"): paging, counting, batch reads and
 * deletes with retries of what DynamoDB leaves unprocessed, update expressions built from fields, index
 * attributes named once, and the per-member export and delete walk. Services keep one named function per
 * access pattern in their data/ modules and build their keys in data/keys.ts.
 */
export type Item = Record<string, unknown>;
export type { Key };

/** The main-index key of a stored item. */
export const keyOf = (i: Item): Key => ({ PK: String(i.PK), SK: String(i.SK) });

/** Index attributes of an item, named as the table defines them: `{GSI1: [pk, sk]}` gives GSI1PK and GSI1SK. */
export function indexKeys(indexes: Partial<Record<'GSI1' | 'GSI2', readonly [pk: string, sk: string]>>): Item {
  const out: Item = {};
  for (const [name, [pk, sk]] of Object.entries(indexes) as [string, readonly [string, string]][]) {
    out[`${name}PK`] = pk;
    out[`${name}SK`] = sk;
  }
  return out;
}

/**
 * `SET a = :a, b = :b` for these fields (undefined ones left out), with placeholder names and values, ready to
 * spread into an UpdateCommand; `values` adds the condition's own placeholders.
 */
export function setExpression(fields: Item, values: Item = {}) {
  const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
  if (!entries.length) throw new Error('setExpression needs at least one field');
  return {
    UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :f${i}`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])),
    ExpressionAttributeValues: { ...Object.fromEntries(entries.map(([, v], i) => [`:f${i}`, v])), ...values },
  };
}

const backoff = (attempt: number) => new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt) * (0.5 + Math.random() / 2)));

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

/** How many items a query matches, all pages, without reading them. */
export async function countAll(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'Select'>): Promise<number> {
  let count = 0;
  let start: Item | undefined;
  do {
    const page = await ddb.send(new QueryCommand({ ...input, TableName: TABLE, Select: 'COUNT', ExclusiveStartKey: start }));
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}

/**
 * The items with these keys (missing ones are simply absent), 100 keys per call, in parallel, retrying the keys
 * DynamoDB leaves unprocessed with jittered backoff. The answer's order follows `keys`.
 */
export async function batchGetAll(keys: Key[], opts: { consistent?: boolean } = {}): Promise<Item[]> {
  const chunks: Key[][] = [];
  for (let i = 0; i < keys.length; i += 100) chunks.push(keys.slice(i, i + 100));
  const found = new Map<string, Item>();
  await Promise.all(chunks.map(async (chunk) => {
    let pending: Key[] = chunk;
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt > 0) await backoff(attempt);
      if (attempt > 12) throw new Error(`batch get left ${pending.length} keys unprocessed`);
      const out = await ddb.send(new BatchGetCommand({ RequestItems: { [TABLE]: { Keys: pending, ConsistentRead: opts.consistent } } }));
      for (const item of out.Responses?.[TABLE] ?? []) found.set(`${String(item.PK)}\u0000${String(item.SK)}`, item);
      pending = (out.UnprocessedKeys?.[TABLE]?.Keys ?? []) as Key[];
    }
  }));
  return keys.flatMap((k): Item[] => { const hit = found.get(`${k.PK}\u0000${k.SK}`); return hit ? [hit] : []; });
}

/** Every item of one partition of the main index. */
export const partitionItems = (pk: string) =>
  queryAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true });

/** Deletes items by key, 25 per batch, retrying unprocessed ones. Deleting a missing item is a no-op. */
export async function deleteKeys(keys: Key[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 25) {
    let pending: { DeleteRequest: { Key: Key } }[] = keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt > 0) await backoff(attempt);
      if (attempt > 12) throw new Error(`batch delete left ${pending.length} keys unprocessed`);
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

/**
 * The export and delete of a service whose every item of a member lives in the member's own partition
 * (memberPK): one place for the walk the account export and the UserDeleted consumers need.
 */
export function memberPartition(service: ServiceName) {
  return {
    /** AP: the member's data for the export. */
    exportMember: async (userId: string) => exportPart(service, await partitionItems(memberPK(userId))),
    /** AP: delete everything held of the member (idempotent: a repeat finds nothing). */
    deleteMember: async (userId: string) => deleteKeys((await partitionItems(memberPK(userId))).map(keyOf)),
  };
}
