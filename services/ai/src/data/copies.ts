import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { applyIfNewer } from '@torcedor/service-kit/copies';
import { ddb, isConditionFailure, TABLE } from '@torcedor/service-kit/ddb';
import { queryAll, type Item } from '@torcedor/service-kit/items';
import type { EventDetail } from '@torcedor/shared/events';
import { DAY_MS } from '@torcedor/shared/constants';
import { Strength } from '@torcedor/shared/schemas/humidor';
import type { EngineCigar, MemberContext, MemberHumidorItem, MemberReview, MemberWishlistItem, StrengthLevel } from '../engine/types.ts';
import { keys } from './keys.ts';

/**
 * ai's own copies of what VitolAI reasons over (see ../../README.md), kept from events that may come twice and in
 * any order:
 *
 * - the curated catalog (humidor's CatalogCigarsChanged): one item per cigar in the `CATALOG` partition, written
 *   only when the chunk's `catalogVersion` is at least the stored one;
 * - the member's humidor and wishlist items (CollectionItemChanged), kept by the item's version; a removal stays
 *   as a tombstone with its version, so an older change delivered late cannot bring the item back;
 * - the member's reviews (ReviewPublished, ReviewDeleted): a review never changes once published, so the first
 *   publish is kept and the delete is final: it overwrites the copy with a tombstone, or writes the tombstone first
 *   when it overtakes its publish, which then finds it and changes nothing.
 *
 * Tombstones are left out of every read and expire after TOMBSTONE_TTL_DAYS (a late delivery is at most days late:
 * outbox and worker idempotency keep an event 7 days). The member's items and reviews live in the member's
 * partition, so UserDeleted (`deleteMember`) erases them with the rest.
 */

/** How long a tombstone is kept: well past the latest a delivery can come. */
const TOMBSTONE_TTL_DAYS = 30;
/** How long an instance reuses the catalog it read. */
export const CATALOG_CACHE_MS = 60_000;
/**
 * Writes of one catalog chunk at a time: a chunk of 150 goes in 6 rounds, so its delivery ends well inside the
 * worker's in-progress deadline even on a loaded machine (a delivery that outlives it is retried, then dead-lettered).
 */
const CATALOG_WRITE_CONCURRENCY = 25;

const tombstoneTtl = () => Math.floor((Date.now() + TOMBSTONE_TTL_DAYS * DAY_MS) / 1000);
const strengthOf = (v: unknown): StrengthLevel | null => Strength.safeParse(v).data ?? null;
const numberOrNull = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const stringOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** Puts an item unless the condition fails (then it is left as it is). Returns whether it was written. */
async function putUnless(item: Item, condition: string, values?: Record<string, unknown>, names?: Record<string, string>): Promise<boolean> {
  try {
    await ddb.send(new PutCommand({
      TableName: TABLE, Item: item, ConditionExpression: condition, ExpressionAttributeValues: values, ExpressionAttributeNames: names,
    }));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

// Catalog

/**
 * AP: keep one chunk of the catalog: each cigar with its curated details (a row without them is left out), with
 * the chunk's catalog version; a cigar already kept from a newer import is left as it is.
 */
export async function applyCatalogChunk(d: EventDetail<'CatalogCigarsChanged'>): Promise<void> {
  const rows = d.cigars.flatMap((c) => (c.details ? [{ ...c, details: c.details }] : []));
  for (let i = 0; i < rows.length; i += CATALOG_WRITE_CONCURRENCY) {
    await Promise.all(rows.slice(i, i + CATALOG_WRITE_CONCURRENCY).map(({ details, ...c }) => putUnless(
      { ...keys.catalogCigar(c.id), id: c.id, name: c.name, brandName: c.brandName, vitola: c.vitola, ...details, catalogVersion: d.catalogVersion },
      'attribute_not_exists(catalogVersion) OR catalogVersion <= :v',
      { ':v': d.catalogVersion },
    )));
  }
}

function toEngineCigar(i: Item): EngineCigar {
  return {
    id: String(i.id), brandId: String(i.brandId), brandName: String(i.brandName), brandCountry: String(i.brandCountry),
    name: String(i.name), vitola: stringOrNull(i.vitola) ?? '', length: Number(i.length), ringGauge: Number(i.ringGauge),
    strength: strengthOf(i.strength) ?? 'medium', wrapper: String(i.wrapper), binder: String(i.binder), filler: String(i.filler),
    country: String(i.country), description: String(i.description),
  };
}

/** AP: the whole catalog copy, read now (a Query of the `CATALOG` partition, every page), sorted by id. */
export async function readCatalog(): Promise<EngineCigar[]> {
  const items = await queryAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.catalog } });
  return items.map(toEngineCigar).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

let catalogCache: { readAt: number; cigars: Promise<EngineCigar[]> } | null = null;

/**
 * AP: the catalog copy as this instance last read it, read again when that is CATALOG_CACHE_MS old (concurrent
 * callers share one read; a failed read is not kept). The array is shared: callers do not change it.
 */
export function loadCatalog(nowMs: number = Date.now()): Promise<EngineCigar[]> {
  if (catalogCache && nowMs - catalogCache.readAt < CATALOG_CACHE_MS) return catalogCache.cigars;
  const entry = { readAt: nowMs, cigars: readCatalog() };
  catalogCache = entry;
  entry.cigars.catch(() => {
    if (catalogCache === entry) catalogCache = null;
  });
  return entry.cigars;
}

// Member items

/**
 * AP: keep one humidor or wishlist item by its version (kit `applyIfNewer`): a duplicate or an older change is
 * ignored; a removal becomes a tombstone holding its version.
 */
export async function applyCollectionItem(d: EventDetail<'CollectionItemChanged'>): Promise<void> {
  const { userId: _userId, version, ...fields } = d;
  await applyIfNewer(keys.memberItem(d.userId, d.itemId), 'version', version, d.removed ? { ...fields, ttl: tombstoneTtl() } : fields);
}

// Reviews

/** AP: keep a published review once; a tombstone (its delete came first) or an earlier copy is left as it is. */
export async function applyReviewPublished(r: EventDetail<'ReviewPublished'>): Promise<void> {
  const { userId: _userId, ...review } = r;
  await putUnless({ ...keys.memberReview(r.userId, r.reviewId), ...review, deleted: false }, 'attribute_not_exists(PK)');
}

/** AP: a deleted review leaves a tombstone in its place (whether its publish came already or comes later). */
export async function applyReviewDeleted(r: EventDetail<'ReviewDeleted'>): Promise<void> {
  await ddb.send(new PutCommand({
    TableName: TABLE, Item: { ...keys.memberReview(r.userId, r.reviewId), reviewId: r.reviewId, cigarId: r.cigarId, deleted: true, ttl: tombstoneTtl() },
  }));
}

// The member's context

function toHumidorItem(i: Item): MemberHumidorItem {
  return {
    itemId: String(i.itemId), cigarId: String(i.cigarId), brandName: String(i.brandName), cigarName: String(i.cigarName),
    cigarVitola: stringOrNull(i.cigarVitola), cigarStrength: strengthOf(i.cigarStrength), quantity: Number(i.quantity ?? 0),
    status: stringOrNull(i.status), boxDate: stringOrNull(i.boxDate), pricePaid: numberOrNull(i.pricePaid), createdAt: String(i.createdAt),
  };
}

function toWishlistItem(i: Item): MemberWishlistItem {
  return { itemId: String(i.itemId), cigarId: String(i.cigarId), brandName: String(i.brandName), cigarName: String(i.cigarName), priority: Number(i.priority ?? 0) };
}

function toReview(i: Item): MemberReview {
  return {
    reviewId: String(i.reviewId), cigarId: String(i.cigarId), brandName: String(i.brandName), cigarName: String(i.cigarName),
    drawScore: Number(i.drawScore), burnScore: Number(i.burnScore), flavorScore: Number(i.flavorScore), overallScore: Number(i.overallScore),
    flavorTags: Array.isArray(i.flavorTags) ? i.flavorTags.map(String) : [], createdAt: String(i.createdAt),
  };
}

/**
 * AP: everything the assistant knows of the member: one Query of the member partition's copies range
 * (`keys.memberCopies`), split by sort-key prefix in code, tombstones left out. The humidor comes oldest first,
 * the wishlist highest priority first, the reviews newest first.
 */
export async function loadMember(userId: string, preferredStrength: StrengthLevel | null): Promise<MemberContext> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': keys.member(userId), ':from': keys.memberCopies.from, ':to': keys.memberCopies.to },
    ConsistentRead: true,
  });
  const humidor: MemberHumidorItem[] = [];
  const wishlist: (MemberWishlistItem & { createdAt: string })[] = [];
  const reviews: MemberReview[] = [];
  for (const i of items) {
    const sk = String(i.SK);
    if (sk.startsWith(keys.itemPrefix) && i.removed === false) {
      if (i.list === 'humidor') humidor.push(toHumidorItem(i));
      else if (i.list === 'wishlist') wishlist.push({ ...toWishlistItem(i), createdAt: String(i.createdAt) });
    } else if (sk.startsWith(keys.reviewPrefix) && i.deleted === false) {
      reviews.push(toReview(i));
    }
  }
  humidor.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  wishlist.sort((a, b) => b.priority - a.priority || a.createdAt.localeCompare(b.createdAt));
  reviews.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return {
    humidor,
    wishlist: wishlist.map(({ createdAt: _c, ...w }) => w),
    reviews,
    preferredStrength,
  };
}
