import { randomUUID } from 'node:crypto';
import { queryAll } from '@torcedor/service-kit/items';
import { RACED, retryOnRace } from '@torcedor/service-kit/race';
import { transact, type TransactPart } from '@torcedor/service-kit/transactions';
import { HumidorItem } from '@torcedor/shared/schemas/humidor';
import type { CigarView } from '../domain/catalog.ts';
import { beyondCap, editPhotos, type Item, type ItemFields, type StoredItem } from '../domain/collection.ts';
import { countsChanged, countsUpdate } from './counts.ts';
import { humidorItemChanged, sameVersion, versionOf } from './item-events.ts';
import { humidorItems } from './entities.ts';
import { keys } from './keys.ts';

/** The outcome of a write that the cap may refuse. */
export type Capped<T> = { ok: true } & T | { ok: false; reason: 'limit' };
export const LIMIT = { ok: false, reason: 'limit' } as const;

/** AP: all humidor items of a member, oldest first. */
export async function listItems(userId: string): Promise<Item[]> {
  const raw = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': keys.member(userId), ':sk': keys.itemPrefix },
  });
  return raw.map((r) => HumidorItem.parse(r)).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** AP: one item of the member, or undefined (another member's id is simply not found). */
export async function getItem(userId: string, itemId: string): Promise<Item | undefined> {
  return (await readItem(userId, itemId))?.item;
}

/** One item with its version (consistent read), for a write conditioned on that version. */
async function readItem(userId: string, itemId: string): Promise<{ item: Item; version: number } | undefined> {
  const raw = await humidorItems.get([userId, itemId]);
  return raw ? { item: HumidorItem.parse(raw), version: versionOf(raw) } : undefined;
}

/** A new item's record (version 1); `id` is given when it comes from the request's Idempotency-Key (kit `keyedId`). */
export function newItemRecord(cigar: CigarView, f: ItemFields, id: string = randomUUID()): StoredItem {
  return {
    id, cigarId: cigar.id, ...f, photos: f.photos ?? [], createdAt: new Date().toISOString(),
    brandName: cigar.brandName, cigarName: cigar.name, brandCountry: cigar.brandCountry, cigarVitola: cigar.vitola,
    cigarLength: cigar.length, cigarRingGauge: cigar.ringGauge, cigarStrength: cigar.strength, cigarWrapper: cigar.wrapper, cigarImageUrl: null, version: 1,
  };
}

/** The transaction parts that create a new item (conditioned on its id being free) and announce it. */
export function newItemParts(userId: string, record: StoredItem): { put: TransactPart; event: TransactPart } {
  return {
    put: humidorItems.put([userId, record.id], record, { ifAbsent: true }),
    event: humidorItemChanged(userId, HumidorItem.parse(record), 1),
  };
}

/**
 * AP: add an item; with a cap, the member's total stays within it (`limit` otherwise). With an id from an
 * Idempotency-Key, a rerun of a request whose write already landed answers that item instead.
 */
export async function addItem(userId: string, cigar: CigarView, f: ItemFields, cap: number | null, id?: string): Promise<Capped<{ item: Item }>> {
  if (beyondCap(f.quantity, cap)) return LIMIT;
  const record = newItemRecord(cigar, f, id);
  const created = newItemParts(userId, record);
  const r = await transact({
    counts: countsUpdate(userId, { sticks: f.quantity, items: 1, wishes: 0 }, cap),
    item: created.put,
    event: countsChanged(userId),
    itemEvent: created.event,
  });
  if (r.ok) return { ok: true, item: HumidorItem.parse(record) };
  const landed = r.failed.includes('item') ? await getItem(userId, record.id) : undefined;
  return landed ? { ok: true, item: landed } : LIMIT;
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
 * ids from an Idempotency-Key a rerun after a failure answers the rows that landed and adds the rest.
 */
export async function addItems(userId: string, rows: { cigar: CigarView; fields: ItemFields; id?: string }[], cap: number | null): Promise<Capped<{ items: Item[] }>> {
  if (beyondCap(rows.reduce((n, r) => n + r.fields.quantity, 0), cap)) return LIMIT;
  const records = rows.map((r) => newItemRecord(r.cigar, r.fields, r.id));
  const items: Item[] = [];
  for (let i = 0; i < records.length; i += IMPORT_ROWS_PER_TRANSACTION) {
    const added = await addRecords(userId, records.slice(i, i + IMPORT_ROWS_PER_TRANSACTION), cap);
    if (!added) return LIMIT;
    items.push(...added);
  }
  return { ok: true, items };
}

/** One transaction of addItems: these records, their events, the counts and their event (undefined: the cap refused). */
async function addRecords(userId: string, records: StoredItem[], cap: number | null): Promise<Item[] | undefined> {
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
  if (!r.failed.some((part) => part.startsWith('item'))) return undefined;
  const landed = await Promise.all(records.map((rec) => getItem(userId, rec.id)));
  return landed.every((i) => i !== undefined) ? landed : undefined;
}

/** The outcome of an edit: the item and the photos it no longer has (their objects are the caller's to delete). */
export type Edited = { ok: true; item: Item; removedPhotos: string[] } | { ok: false; reason: 'limit' | 'unknown-photo' };

/**
 * AP: change an item. The item must still hold the quantity and version it was read with (optimistic check; a
 * concurrent change is read again and decided again), and an increase must fit the cap. The version grows by one.
 * With `photos` (its photos after the edit, `addedPhotos` among them just registered: domain/collection.ts#editPhotos),
 * a kept photo the item does not have is `unknown-photo`. Undefined when the member has no such item.
 */
export async function updateItem(
  userId: string, itemId: string, patch: Partial<ItemFields> & { quantity: number }, cap: number | null, addedPhotos: readonly string[] = [],
): Promise<Edited | undefined> {
  return retryOnRace('humidor item update', async () => {
    const read = await readItem(userId, itemId);
    if (!read) return undefined;
    const { item: current, version } = read;
    const edit = patch.photos ? editPhotos(current.photos, patch.photos, addedPhotos) : { photos: current.photos, removed: [] };
    if (!edit) return { ok: false as const, reason: 'unknown-photo' as const };
    const delta = patch.quantity - current.quantity;
    const next = {
      ...current, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)), photos: edit.photos, updatedAt: new Date().toISOString(),
    } as Item;
    // The rating is read with the cigar, never stored on the item.
    const { id: _id, createdAt: _created, averageRating: _rating, reviewCount: _reviews, ...fields } = next;
    const same = sameVersion(version);
    const r = await transact({
      item: humidorItems.update([userId, itemId], { ...fields, version: version + 1 }, {
        ifExists: true, ConditionExpression: `quantity = :old AND ${same.condition}`, ExpressionAttributeValues: { ':old': current.quantity, ...same.values },
      }),
      counts: delta !== 0 ? countsUpdate(userId, { sticks: delta, items: 0, wishes: 0 }, cap) : undefined,
      event: delta !== 0 ? countsChanged(userId) : undefined,
      itemEvent: humidorItemChanged(userId, next, version + 1),
    });
    if (r.ok) return { ok: true as const, item: HumidorItem.parse(next), removedPhotos: edit.removed };
    // The item changed (or went) since it was read: read it again. Only a cap check on a fresh read is a refusal.
    if (!r.failed.includes('item') && r.failed.includes('counts')) return LIMIT;
    return RACED;
  });
}

/**
 * AP: remove an item and give its cigars back to the member's total (once: the delete is conditioned on the quantity
 * and version read); its removal announces the next version. Answers the removed item (whose photos' objects are the
 * caller's to delete), undefined when the member has no such item.
 */
export async function deleteItem(userId: string, itemId: string): Promise<Item | undefined> {
  return retryOnRace('humidor item removal', async () => {
    const read = await readItem(userId, itemId);
    if (!read) return undefined;
    const { item: current, version } = read;
    const same = sameVersion(version);
    const r = await transact({
      item: humidorItems.remove([userId, itemId], {
        ConditionExpression: `attribute_exists(PK) AND quantity = :q AND ${same.condition}`,
        ExpressionAttributeValues: { ':q': current.quantity, ...same.values },
      }),
      counts: countsUpdate(userId, { sticks: -current.quantity, items: -1, wishes: 0 }, null),
      event: countsChanged(userId),
      itemEvent: humidorItemChanged(userId, current, version + 1, true),
    });
    return r.ok ? current : RACED;
  });
}
