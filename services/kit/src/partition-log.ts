import { appendFileSync } from 'node:fs';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { TABLES } from '@torcedor/shared/services';

/**
 * The bench's partition recorder (bench B12 and B13, docs/cost.md): with `TORCEDOR_PARTITION_LOG` set (the local stack
 * passes it through; CDK never sets it, shared/src/runtime.ts LOCAL_ONLY_KEYS), every DynamoDB request of the function
 * asks for its consumed capacity and appends one JSON line to that file: the table, the operation, and each partition
 * it read or wrote (main index or GSI) with its share of the capacity units. No function bundles it: the local stack
 * builds this module on its own and passes its address as `TORCEDOR_PARTITION_RECORDER` (local/src/partition-recorder.ts),
 * and ddb.ts loads it from there, only then.
 */
export interface PartitionHit { pk: string; index?: string; kind: 'r' | 'w'; units: number }
export interface PartitionLine { at: number; table: string; op: string; hits: PartitionHit[] }

type AV = { S?: string; N?: string } & Record<string, unknown>;
type AttrMap = Record<string, AV>;

const GSI_NAMES = [...new Set(Object.values(TABLES).flatMap((t) => t.gsis.map((g) => ({ index: g.name, pk: g.partitionKey }))).map((g) => JSON.stringify(g)))]
  .map((g) => JSON.parse(g) as { index: string; pk: string });
/** A key attribute's value, marshalled (`{ S: 'x' }`) or not (the document client's input before it marshals). */
const str = (v: AV | string | number | undefined): string | undefined => (typeof v === 'string' || typeof v === 'number' ? String(v) : v?.S ?? v?.N);

/** Item size in bytes, roughly as DynamoDB counts it (names and values). */
const sizeOf = (item: unknown) => Buffer.byteLength(JSON.stringify(item ?? {}), 'utf8');

/** The main-index and GSI partitions a written item lands in (a Put's item, or an update's SET of GSI keys). */
function writePartitions(key: AttrMap | undefined, item: AttrMap | undefined, update?: { expr?: string; names?: Record<string, string>; values?: AttrMap }): Omit<PartitionHit, 'units' | 'kind'>[] {
  const out: Omit<PartitionHit, 'units' | 'kind'>[] = [];
  const pk = str((item ?? key)?.PK);
  if (pk) out.push({ pk });
  for (const g of GSI_NAMES) {
    let v = str(item?.[g.pk]);
    if (!v && update?.expr) {
      const alias = Object.entries(update.names ?? {}).find(([, n]) => n === g.pk)?.[0];
      const m = new RegExp(`(?:${alias ? `${alias.replace('#', '\\#')}|` : ''}\\b${g.pk})\\s*=\\s*(:[A-Za-z0-9_]+)`).exec(update.expr);
      if (m) v = str(update.values?.[m[1]!]);
    }
    if (v) out.push({ pk: v, index: g.index });
  }
  return out;
}

/** The partition a Query reads: the value its key condition gives the (index's) partition key. */
function queryPartition(input: { IndexName?: string; KeyConditionExpression?: string; ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: AttrMap }): Omit<PartitionHit, 'units' | 'kind'> | null {
  const attr = input.IndexName ? GSI_NAMES.find((g) => g.index === input.IndexName)?.pk : 'PK';
  if (!attr || !input.KeyConditionExpression) return null;
  const alias = Object.entries(input.ExpressionAttributeNames ?? {}).find(([, n]) => n === attr)?.[0];
  const m = new RegExp(`(?:${alias ? `${alias.replace('#', '\\#')}|` : ''}\\b${attr})\\s*=\\s*(:[A-Za-z0-9_]+)`).exec(input.KeyConditionExpression);
  const v = m ? str(input.ExpressionAttributeValues?.[m[1]!]) : undefined;
  return v ? { pk: v, ...(input.IndexName ? { index: input.IndexName } : {}) } : null;
}

/** Every partition a request touches, with whether it reads or writes it. */
function partitionsOf(op: string, input: Record<string, any>): { table: string; kind: 'r' | 'w'; parts: Omit<PartitionHit, 'units' | 'kind'>[]; size: number }[] {
  const table = String(input.TableName ?? '');
  switch (op) {
    case 'GetItem': return [{ table, kind: 'r', parts: [{ pk: str(input.Key?.PK) ?? '?' }], size: 0 }];
    case 'PutItem': return [{ table, kind: 'w', parts: writePartitions(undefined, input.Item), size: sizeOf(input.Item) }];
    case 'DeleteItem': return [{ table, kind: 'w', parts: writePartitions(input.Key, undefined), size: 100 }];
    case 'UpdateItem': return [{ table, kind: 'w', parts: writePartitions(input.Key, undefined, { expr: input.UpdateExpression, names: input.ExpressionAttributeNames, values: input.ExpressionAttributeValues }), size: 200 }];
    case 'Query': { const p = queryPartition(input); return p ? [{ table, kind: 'r', parts: [p], size: 0 }] : []; }
    case 'BatchGetItem': return Object.entries(input.RequestItems ?? {}).map(([t, r]: [string, any]) => ({ table: t, kind: 'r' as const, parts: (r.Keys ?? []).map((k: AttrMap) => ({ pk: str(k.PK) ?? '?' })), size: 0 }));
    case 'BatchWriteItem': return Object.entries(input.RequestItems ?? {}).map(([t, rs]: [string, any]) => ({
      table: t, kind: 'w' as const, size: 0,
      parts: (rs as any[]).flatMap((r) => writePartitions(r.DeleteRequest?.Key, r.PutRequest?.Item)),
    }));
    case 'TransactWriteItems': return (input.TransactItems ?? []).map((ti: any) => {
      const part = ti.Put ?? ti.Update ?? ti.Delete ?? ti.ConditionCheck;
      return {
        table: String(part?.TableName ?? ''), kind: 'w' as const, size: 0,
        parts: writePartitions(part?.Key, ti.Put?.Item, ti.Update ? { expr: ti.Update.UpdateExpression, names: ti.Update.ExpressionAttributeNames, values: ti.Update.ExpressionAttributeValues } : undefined),
      };
    });
    case 'TransactGetItems': return (input.TransactItems ?? []).map((ti: any) => ({ table: String(ti.Get?.TableName ?? ''), kind: 'r' as const, parts: [{ pk: str(ti.Get?.Key?.PK) ?? '?' }], size: 0 }));
    default: return [];
  }
}

interface Consumed { TableName?: string; CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number }

/** The units a part of a request consumed by DynamoDB's rules on the sizes seen, where the answer does not say. */
function estimatedUnits(kind: 'r' | 'w', items: number, bytes: number, op: string): number {
  const transactional = op.startsWith('Transact') ? 2 : 1;
  if (kind === 'w') return Math.max(1, Math.ceil(bytes / 1024)) * Math.max(1, items) * transactional;
  return Math.max(0.5, Math.ceil(Math.max(bytes, 1) / 4096) * 0.5) * transactional;
}

/** Adds the recorder to the function's client (ddb.ts calls it, with its own client, only when TORCEDOR_PARTITION_LOG is set). */
export function recordPartitions(client: DynamoDBClient, file: string): void {
  client.middlewareStack.add((next, context) => async (args) => {
    const op = String((context as { commandName?: string }).commandName ?? '').replace(/Command$/, '');
    const input = args.input as Record<string, any>;
    if (op !== 'DescribeTable' && op !== 'Scan') input.ReturnConsumedCapacity = 'INDEXES';
    const out = await next(args);
    const output = out.output as { ConsumedCapacity?: Consumed | Consumed[]; Items?: unknown[]; Item?: unknown; Responses?: Record<string, unknown[]> };
    const consumed = [output.ConsumedCapacity ?? []].flat();
    const readBytes = sizeOf(output.Items ?? output.Item ?? output.Responses ?? {});
    // A table's units (the answer's, for the whole request) are shared by every partition of that table the request
    // touched; without an answer, each part of the request is estimated on DynamoDB's rules.
    const groups = partitionsOf(op, input).filter((g) => g.parts.length);
    const hits: (PartitionHit & { table: string })[] = [];
    for (const table of new Set(groups.map((g) => g.table))) {
      const mine = groups.filter((g) => g.table === table);
      const said = consumed.find((x) => x.TableName === table);
      const count = mine.reduce((a, g) => a + g.parts.length, 0);
      for (const g of mine) {
        const answered = g.kind === 'r' ? said?.ReadCapacityUnits ?? said?.CapacityUnits : said?.WriteCapacityUnits ?? said?.CapacityUnits;
        const per = answered !== undefined && answered > 0
          ? answered / count
          : estimatedUnits(g.kind, g.parts.length, g.kind === 'r' ? readBytes : g.size, op) / g.parts.length;
        for (const p of g.parts) hits.push({ ...p, table, kind: g.kind, units: per });
      }
    }
    const byTable = new Map<string, PartitionHit[]>();
    for (const { table, ...h } of hits) byTable.set(table, [...(byTable.get(table) ?? []), h]);
    for (const [table, tableHits] of byTable) appendFileSync(file, `${JSON.stringify({ at: Date.now(), table, op, hits: tableHits } satisfies PartitionLine)}\n`);
    return out;
  }, { step: 'serialize', priority: 'high', name: 'torcedorPartitionLog' });
}
