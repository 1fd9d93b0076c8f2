import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, isConditionFailure, TABLE, type Key } from './ddb.ts';
import { batchGetAll, indexKeys, setExpression, type Item } from './items.ts';
import type { TransactPart } from './ddb.ts';

/**
 * An entity of a service's table declared once (docs/architecture.md, "Where code goes in a service"): its key
 * template, the index attributes its item carries and its item type. A service's `store/entities.ts` declares each
 * of its entities with `entity()`; its store functions read with `get`/`getMany` and write with the parts
 * (`put`, `update`, `remove`), which go into `transact` beside the outbox's `eventPart` or alone through `write`.
 * Why a small kit helper rather than ElectroDB or dynamodb-toolbox: docs/decisions.md, "DynamoDB toolkit".
 */
type Indexes = Partial<Record<'GSI1' | 'GSI2', readonly [pk: string, sk: string]>>;
type Condition = { ConditionExpression?: string; ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Item };

export interface Entity<Id, T extends Item> {
  readonly name: string;
  /** The item's main-index key. */
  key(id: Id): Key;
  /** The stored item: key, index attributes and fields. */
  item(id: Id, fields: T): Item;
  /** The item, or undefined (consistent unless told). */
  get(id: Id, o?: { consistent?: boolean }): Promise<T | undefined>;
  /** The items of these ids that exist, in the ids' order. */
  getMany(ids: Id[], o?: { consistent?: boolean }): Promise<T[]>;
  /** A Put part; `ifAbsent` adds `attribute_not_exists(PK)`. */
  put(id: Id, fields: T, o?: Condition & { ifAbsent?: boolean }): TransactPart;
  /** An Update part setting these fields (undefined ones left out); `condition` may use its own placeholders. */
  update(id: Id, fields: Partial<T>, o?: Condition & { ifExists?: boolean }): TransactPart;
  /** A Delete part. */
  remove(id: Id, o?: Condition): TransactPart;
}

export function entity<T extends Item, Id = string>(def: { name: string; key: (id: Id) => Key; indexes?: (item: T) => Indexes }): Entity<Id, T> {
  const item = (id: Id, fields: T): Item => ({ ...def.key(id), ...indexKeys(def.indexes?.(fields) ?? {}), ...fields });
  return {
    name: def.name,
    key: def.key,
    item,
    async get(id, o = {}) {
      const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: def.key(id), ConsistentRead: o.consistent ?? true }));
      return out.Item as T | undefined;
    },
    async getMany(ids, o = {}) {
      return (await batchGetAll(ids.map(def.key), { consistent: o.consistent ?? true })) as T[];
    },
    put(id, fields, o = {}) {
      const { ifAbsent, ...condition } = o;
      const expr = [ifAbsent ? 'attribute_not_exists(PK)' : undefined, condition.ConditionExpression].filter(Boolean).join(' AND ');
      return { Put: { TableName: TABLE, Item: item(id, fields), ...condition, ...(expr ? { ConditionExpression: expr } : {}) } };
    },
    update(id, fields, o = {}) {
      const { ifExists, ConditionExpression, ExpressionAttributeNames, ExpressionAttributeValues } = o;
      const set = setExpression(fields, ExpressionAttributeValues);
      const expr = [ifExists ? 'attribute_exists(PK)' : undefined, ConditionExpression].filter(Boolean).join(' AND ');
      return {
        Update: {
          TableName: TABLE, Key: def.key(id), ...set,
          ExpressionAttributeNames: { ...set.ExpressionAttributeNames, ...ExpressionAttributeNames },
          ...(expr ? { ConditionExpression: expr } : {}),
        },
      };
    },
    remove(id, o = {}) {
      return { Delete: { TableName: TABLE, Key: def.key(id), ...o } };
    },
  };
}

/**
 * Sends one part on its own (no event to record with it): whether its condition held. Anything else DynamoDB
 * refuses is thrown.
 */
export async function write(part: TransactPart): Promise<boolean> {
  try {
    if (part.Put) await ddb.send(new PutCommand(part.Put));
    else if (part.Update) await ddb.send(new UpdateCommand(part.Update as ConstructorParameters<typeof UpdateCommand>[0]));
    else if (part.Delete) await ddb.send(new DeleteCommand(part.Delete));
    else throw new Error('write takes a Put, Update or Delete part');
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Sends one Update part alone and answers the item after it, or undefined when its condition failed. */
export async function updateReturning<T extends Item = Item>(part: TransactPart): Promise<T | undefined> {
  if (!part.Update) throw new Error('updateReturning takes an Update part');
  try {
    const out = await ddb.send(new UpdateCommand({ ...(part.Update as ConstructorParameters<typeof UpdateCommand>[0]), ReturnValues: 'ALL_NEW' }));
    return (out.Attributes ?? {}) as T;
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}
