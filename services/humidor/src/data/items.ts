import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';
import { DomainError, notFound } from '@torcedor/service-kit/errors';
import { queryAll, setExpression } from '@torcedor/service-kit/items';
import { transact } from '@torcedor/service-kit/transactions';
import { HumidorItem } from '@torcedor/shared/schemas/humidor';
import type { z } from 'zod';
import { HUMIDOR_LIMIT_MESSAGE } from '../domain/collection.ts';
import type { CigarView } from './catalog.ts';
import { countsChanged } from './counts.ts';
import { humidorItemChanged, sameVersion, versionOf } from './item-events.ts';
import { keys } from './keys.ts';

export type Item = z.infer<typeof HumidorItem>;
type Fields = Omit<Item, 'id' | 'cigarId' | 'createdAt' | 'brandName' | 'cigarName' | 'brandCountry' | 'cigarVitola' | 'cigarLength' | 'cigarRingGauge' | 'cigarStrength' | 'cigarImageUrl'>;

export const limitReached = () => new DomainError('HUMIDOR_LIMIT', HUMIDOR_LIMIT_MESSAGE);

/** AP: all humidor items of a member, oldest first. */
export async function listItems(userId: string): Promise<Item[]> {
  const raw = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': keys.member(userId), ':sk': keys.itemPrefix },
  });
  return raw.map((r) => HumidorItem.parse(r)).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** AP: one item of the member (another member's id is simply not found). */
export async function getItem(userId: string, itemId: string): Promise<Item | null> {
  return (await readItem(userId, itemId))?.item ?? null;
}

/** One item with its version (consistent read), for a write conditioned on that version. */
async function readItem(userId: string, itemId: string): Promise<{ item: Item; version: number } | null> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.item(userId, itemId), ConsistentRead: true }));
  return out.Item ? { item: HumidorItem.parse(out.Item), version: versionOf(out.Item) } : null;
}

/**
 * The counts update of a change of `sticks` cigars (and `items` items, `wishes` wishes). With a cap,
 * an increase is conditioned on staying within it: the transaction is then exact under concurrency.
 */
export function countsUpdate(userId: string, d: { sticks: number; items: number; wishes: number }, cap: number | null) {
  const guarded = cap !== null && d.sticks > 0;
  return {
    Update: {
      TableName: TABLE,
      Key: keys.counts(userId),
      UpdateExpression: 'SET sticks = if_not_exists(sticks, :zero) + :s, #items = if_not_exists(#items, :zero) + :i, wishes = if_not_exists(wishes, :zero) + :w, version = if_not_exists(version, :zero) + :one',
      ExpressionAttributeNames: { '#items': 'items' },
      ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':s': d.sticks, ':i': d.items, ':w': d.wishes, ...(guarded ? { ':room': cap - d.sticks } : {}) },
      ...(guarded ? { ConditionExpression: 'attribute_not_exists(sticks) OR sticks <= :room' } : {}),
    },
  };
}

/**
 * A new item's record (version 1); `id` is given when it comes from the request's Idempotency-Key (kit `keyedId`).
 */
export function newItemRecord(userId: string, cigar: CigarView, f: Fields, id: string = randomUUID()): Item & Record<string, unknown> {
  return {
    ...keys.item(userId, id), id, cigarId: cigar.id, ...f, createdAt: new Date().toISOString(),
    brandName: cigar.brandName, cigarName: cigar.name, brandCountry: cigar.brandCountry, cigarVitola: cigar.vitola,
    cigarLength: cigar.length, cigarRingGauge: cigar.ringGauge, cigarStrength: cigar.strength, cigarImageUrl: null, version: 1,
  };
}

/** The transaction parts that create a new item (conditioned on its id being free) and announce it. */
export function newItemParts(userId: string, record: Item & Record<string, unknown>) {
  return {
    put: { Put: { TableName: TABLE, Item: record, ConditionExpression: 'attribute_not_exists(PK)' } },
    event: humidorItemChanged(userId, HumidorItem.parse(record), 1),
  };
}

/**
 * AP: add an item; with a cap, the member's total stays within it (403 HUMIDOR_LIMIT otherwise). With an id
 * from an Idempotency-Key, a rerun of a request whose write already landed returns that item instead.
 */
export async function addItem(userId: string, cigar: CigarView, f: Fields, cap: number | null, id?: string): Promise<Item> {
  if (cap !== null && f.quantity > cap) throw limitReached();
  const record = newItemRecord(userId, cigar, f, id);
  const created = newItemParts(userId, record);
  const r = await transact({
    counts: countsUpdate(userId, { sticks: f.quantity, items: 1, wishes: 0 }, cap),
    item: created.put,
    event: countsChanged(userId),
    itemEvent: created.event,
  });
  if (r.ok) return HumidorItem.parse(record);
  if (r.failed.includes('item')) return (await getItem(userId, record.id)) ?? Promise.reject(limitReached());
  throw limitReached();
}

/**
 * Rows per import transaction: DynamoDB takes 100 parts, and each row is a Put and its CollectionItemChanged, next
 * to the counts update and its CollectionCountsChanged.
 */
export const IMPORT_ROWS_PER_TRANSACTION = 49;

/**
 * AP: add several items with the new totals, within the cap (the caller checks the catalog). Rows go in
 * transactions of IMPORT_ROWS_PER_TRANSACTION (each with its counts update and events), one after another. A
 * capped member's rows all fit one transaction (every row holds at least one cigar and the free cap is below it),
 * so a capped import is all or nothing; an uncapped one has no refusal to meet between its transactions, and with
 * ids from an Idempotency-Key a rerun after a failure returns the rows that landed and adds the rest.
 */
export async function addItems(userId: string, rows: { cigar: CigarView; fields: Fields; id?: string }[], cap: number | null): Promise<Item[]> {
  const total = rows.reduce((n, r) => n + r.fields.quantity, 0);
  if (cap !== null && total > cap) throw limitReached();
  const records = rows.map((r) => newItemRecord(userId, r.cigar, r.fields, r.id));
  const added: Item[] = [];
  for (let i = 0; i < records.length; i += IMPORT_ROWS_PER_TRANSACTION) {
    added.push(...await addRecords(userId, records.slice(i, i + IMPORT_ROWS_PER_TRANSACTION), cap));
  }
  return added;
}

/** One transaction of addItems: these records, their events, the counts and their event. */
async function addRecords(userId: string, records: (Item & Record<string, unknown>)[], cap: number | null): Promise<Item[]> {
  const sticks = records.reduce((n, rec) => n + rec.quantity, 0);
  const r = await transact({
    counts: countsUpdate(userId, { sticks, items: records.length, wishes: 0 }, cap),
    event: countsChanged(userId),
    ...Object.fromEntries(records.flatMap((rec, i) => {
      const created = newItemParts(userId, rec);
      return [[`item${i}`, created.put], [`changed${i}`, created.event]];
    })),
  });
  if (r.ok) return records.map((rec) => HumidorItem.parse(rec));
  if (r.failed.some((part) => part.startsWith('item'))) {
    const landed = await Promise.all(records.map((rec) => getItem(userId, rec.id)));
    if (landed.every((i) => i !== null)) return landed as Item[];
  }
  throw limitReached();
}

/**
 * AP: change an item. The item must still hold the quantity and version it was read with (optimistic check; a
 * concurrent change is re-read and retried), and an increase must fit the cap. The version grows by one.
 */
export async function updateItem(userId: string, itemId: string, patch: Partial<Fields> & { quantity: number }, cap: number | null): Promise<Item> {
  for (;;) {
    const read = await readItem(userId, itemId);
    if (!read) throw notFound('Humidor item not found');
    const { item: current, version } = read;
    const delta = patch.quantity - current.quantity;
    const next = { ...current, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)), updatedAt: new Date().toISOString() } as Item;
    const { id: _id, createdAt: _created, ...fields } = next;
    const same = sameVersion(version);
    const r = await transact({
      item: {
        Update: {
          TableName: TABLE, Key: keys.item(userId, itemId),
          ConditionExpression: `attribute_exists(PK) AND quantity = :old AND ${same.condition}`,
          ...setExpression({ ...fields, version: version + 1 }, { ':old': current.quantity, ...same.values }),
        },
      },
      counts: delta !== 0 ? countsUpdate(userId, { sticks: delta, items: 0, wishes: 0 }, cap) : undefined,
      event: delta !== 0 ? countsChanged(userId) : undefined,
      itemEvent: humidorItemChanged(userId, next, version + 1),
    });
    if (r.ok) return HumidorItem.parse(next);
    // The item changed (or went) since it was read: read it again. Only a cap check on a fresh read is a refusal.
    if (r.failed.includes('item')) continue;
    if (r.failed.includes('counts')) throw limitReached();
  }
}

/** AP: remove an item and give its cigars back to the member's total; its removal announces the next version. */
export async function deleteItem(userId: string, itemId: string): Promise<void> {
  for (;;) {
    const read = await readItem(userId, itemId);
    if (!read) throw notFound('Humidor item not found');
    const { item: current, version } = read;
    const same = sameVersion(version);
    const r = await transact({
      item: {
        Delete: {
          TableName: TABLE, Key: keys.item(userId, itemId),
          ConditionExpression: `attribute_exists(PK) AND quantity = :q AND ${same.condition}`,
          ExpressionAttributeValues: { ':q': current.quantity, ...same.values },
        },
      },
      counts: countsUpdate(userId, { sticks: -current.quantity, items: -1, wishes: 0 }, null),
      event: countsChanged(userId),
      itemEvent: humidorItemChanged(userId, current, version + 1, true),
    });
    if (r.ok) return;
  }
}
