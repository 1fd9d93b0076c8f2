import { BatchGetCommand, BatchWriteCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { ServiceName } from '@torcedor/shared/services';
import { ddb, memberPK, TABLE, type Key } from './ddb.ts';
import { pause } from './race.ts';

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

/** How long the keys DynamoDB left unprocessed wait before they are sent again (its advice: back off, then retry). */
const UNPROCESSED_BACKOFF = { baseMs: 25, capMs: 1000 } as const;
const UNPROCESSED_TRIES = 12;

type PageInput = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;

/**
 * One page of a query from where the last one stopped (`start`: DynamoDB's LastEvaluatedKey, kept by a job's
 * checkpoint or the caller): the items and where the next page starts (`undefined`: none is left).
 */
export async function queryPage(input: PageInput, start?: Item): Promise<{ items: Item[]; next: Item | undefined }> {
  const page = await ddb.send(new QueryCommand({ ...input, TableName: TABLE, ExclusiveStartKey: start }));
  return { items: page.Items ?? [], next: page.LastEvaluatedKey };
}

/** Every page of a query in turn, so a walk over a large partition holds one page at a time. */
export async function* queryPages(input: PageInput): AsyncGenerator<Item[]> {
  let start: Item | undefined;
  do {
    const page = await queryPage(input, start);
    yield page.items;
    start = page.next;
  } while (start);
}

/** Every item a query matches, all pages. */
export async function queryAll(input: PageInput): Promise<Item[]> {
  const items: Item[] = [];
  for await (const page of queryPages(input)) items.push(...page);
  return items;
}

/**
 * A page of at most `limit` items for a member's list (a feed, a profile's posts, the events list): the items and
 * whether more follow. The page after is asked for by the last item's sort key (`after`, the page cursor of
 * cursor.ts, decoded), so a cursor names a position in the list rather than DynamoDB's internal key.
 */
export async function queryAfter(
  input: Omit<PageInput, 'Limit'> & { KeyConditionExpression: string },
  o: { limit: number; after?: string; sortKey: 'SK' | 'GSI1SK' | 'GSI2SK'; newestFirst?: boolean },
): Promise<{ items: Item[]; more: boolean }> {
  const newestFirst = o.newestFirst ?? true;
  const condition = o.after === undefined ? input.KeyConditionExpression
    : `${input.KeyConditionExpression} AND #pageSk ${newestFirst ? '<' : '>'} :pageAfter`;
  const page = await ddb.send(new QueryCommand({
    ...input, TableName: TABLE, Limit: o.limit, ScanIndexForward: !newestFirst, KeyConditionExpression: condition,
    ...(o.after === undefined ? {} : {
      ExpressionAttributeNames: { ...input.ExpressionAttributeNames, '#pageSk': o.sortKey },
      ExpressionAttributeValues: { ...input.ExpressionAttributeValues, ':pageAfter': o.after },
    }),
  }));
  return { items: page.Items ?? [], more: page.LastEvaluatedKey !== undefined };
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
      if (attempt > UNPROCESSED_TRIES) throw new Error(`batch get left ${pending.length} keys unprocessed`);
      if (attempt > 0) await pause(attempt, UNPROCESSED_BACKOFF);
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

type WriteRequest = { DeleteRequest: { Key: Key } } | { PutRequest: { Item: Item } };

/** Sends write requests 25 per batch, retrying what DynamoDB leaves unprocessed with the kit's backoff. */
async function batchWriteAll(requests: WriteRequest[], what: string): Promise<void> {
  for (let i = 0; i < requests.length; i += 25) {
    let pending = requests.slice(i, i + 25);
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt > UNPROCESSED_TRIES) throw new Error(`batch ${what} left ${pending.length} items unprocessed`);
      if (attempt > 0) await pause(attempt, UNPROCESSED_BACKOFF);
      const out = await ddb.send(new BatchWriteCommand({ RequestItems: { [TABLE]: pending } }));
      pending = (out.UnprocessedItems?.[TABLE] ?? []) as WriteRequest[];
    }
  }
}

/** Deletes items by key, 25 per batch, retrying unprocessed ones. Deleting a missing item is a no-op. */
export const deleteKeys = (keys: Key[]): Promise<void> => batchWriteAll(keys.map((Key) => ({ DeleteRequest: { Key } })), 'delete');

/** Puts whole items (no condition: a repeat writes the same item), 25 per batch, retrying unprocessed ones. */
export const putAll = (items: Item[]): Promise<void> => batchWriteAll(items.map((Item) => ({ PutRequest: { Item } })), 'put');

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
