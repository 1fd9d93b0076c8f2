import { randomUUID } from 'node:crypto';
import {
  CreateTableCommand, DescribeTableCommand, DynamoDBClient, ResourceInUseException, TransactWriteItemsCommand, type TransactWriteItemsCommandInput,
} from '@aws-sdk/client-dynamodb';

/**
 * B4's floor: the transaction one add sends (its four items: the member's counts update, the item's Put, their two
 * outbox events), as it went to DynamoDB (marshalled, see round-trips.ts), replayed raw: the same items, sizes,
 * conditions and expressions, each time with fresh ids so its conditions hold as the add's do. It goes to a table of
 * the bench's own made like the service's (the same keys and indexes), so the outbox relay, which reads only the
 * service's table, publishes none of the replayed events.
 */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
export const FLOOR_TABLE = 'bench-floor';

type Part = NonNullable<TransactWriteItemsCommandInput['TransactItems']>[number];
type Op = NonNullable<Part['Put'] | Part['Update'] | Part['Delete'] | Part['ConditionCheck']>;
const opsOf = (input: TransactWriteItemsCommandInput): Op[] => (input.TransactItems ?? []).flatMap((p) => Object.values(p).filter((o): o is Op => !!o));

/** The replay of a recorded add (its parts named, e.g. `Update, Put, Put, Put`), and a function that sends it once. */
export async function rawTransaction(client: DynamoDBClient, recorded: { command: string; input: unknown }): Promise<{ parts: string; send: () => Promise<unknown> }> {
  if (recorded.command !== 'TransactWriteItemsCommand') throw new Error(`B4's floor replays a TransactWriteItems, not a ${recorded.command}`);
  const input = structuredClone(recorded.input) as TransactWriteItemsCommandInput;
  delete input.ReturnConsumedCapacity; // the recorder's, not the add's
  const ops = opsOf(input);
  const source = ops[0]?.TableName;
  if (!source || ops.some((o) => o.TableName !== source)) throw new Error('B4: the add\'s transaction writes to more than one table');
  const first = ops[0] as { Key?: Record<string, unknown>; Item?: Record<string, unknown> };
  const pk = Object.values(first.Key ?? first.Item ?? {})[0];
  if (typeof pk !== 'object') throw new Error('B4: the recorded transaction is not marshalled (the recorder kept the document client\'s input)');
  await mirrorTable(client, source);
  for (const op of ops) op.TableName = FLOOR_TABLE;
  // The member's ids (in the counts update's key) stay; every other id (the item's, the events') is new each time.
  const kept = new Set(JSON.stringify(input.TransactItems?.find((p) => p.Update)?.Update?.Key ?? {}).match(UUID) ?? []);
  const template = JSON.stringify(input);
  const fresh = (): TransactWriteItemsCommandInput => {
    const ids = new Map<string, string>();
    return JSON.parse(template.replace(UUID, (id) => (kept.has(id) ? id : (ids.get(id) ?? (ids.set(id, randomUUID()), ids.get(id)!))))) as TransactWriteItemsCommandInput;
  };
  const parts = (input.TransactItems ?? []).map((p) => Object.keys(p).join('+')).join(', ');
  return { parts, send: () => client.send(new TransactWriteItemsCommand(fresh())) };
}

/** Creates the floor table with the service table's keys and indexes (kept when it exists). */
async function mirrorTable(client: DynamoDBClient, source: string): Promise<void> {
  const { Table: t } = await client.send(new DescribeTableCommand({ TableName: source }));
  if (!t) throw new Error(`B4: no table ${source}`);
  const gsis = (t.GlobalSecondaryIndexes ?? []).map(({ IndexName, KeySchema, Projection }) => ({ IndexName, KeySchema, Projection }));
  await client.send(new CreateTableCommand({
    TableName: FLOOR_TABLE, BillingMode: 'PAY_PER_REQUEST', AttributeDefinitions: t.AttributeDefinitions, KeySchema: t.KeySchema,
    ...(gsis.length ? { GlobalSecondaryIndexes: gsis } : {}),
  })).catch((err: unknown) => { if (!(err instanceof ResourceInUseException)) throw err; });
}
