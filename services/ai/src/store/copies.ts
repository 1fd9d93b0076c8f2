import { catalogCopyState } from '@torcedor/service-kit/catalog-copy';
import { applyIfNewer } from '@torcedor/service-kit/copies';
import { write } from '@torcedor/service-kit/entity';
import { batchGetAll, queryAll, type Item } from '@torcedor/service-kit/items';
import { recentReads } from '@torcedor/service-kit/recent';
import type { EventDetail } from '@torcedor/shared/events';
import { DAY_MS } from '@torcedor/shared/constants';
import { Strength } from '@torcedor/shared/schemas/humidor';
import { TOMBSTONE_TTL_DAYS } from '../domain/copies.ts';
import type { EngineCigar, MemberContext, MemberHumidorItem, MemberReview, MemberWishlistItem, StrengthLevel } from '../domain/engine/types.ts';
import { catalogCigars, memberItems, reviews } from './entities.ts';
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

// Catalog

/**
 * AP: keep one chunk of the catalog: each cigar with its curated details (a row without them is left out), with
 * the chunk's catalog version; a cigar already kept from a newer import is left as it is.
 */
export async function applyCatalogChunk(d: EventDetail<'CatalogCigarsChanged'>): Promise<void> {
  const rows = d.cigars.flatMap((c) => (c.details ? [{ ...c, details: c.details }] : []));
  for (let i = 0; i < rows.length; i += CATALOG_WRITE_CONCURRENCY) {
    await Promise.all(rows.slice(i, i + CATALOG_WRITE_CONCURRENCY).map(({ details, ...c }) => write(catalogCigars.put(
      c.id,
      { id: c.id, name: c.name, brandName: c.brandName, vitola: c.vitola, ...details, catalogVersion: d.catalogVersion },
      { ConditionExpression: 'attribute_not_exists(catalogVersion) OR catalogVersion <= :v', ExpressionAttributeValues: { ':v': d.catalogVersion } },
    ))));
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

/** The time `loadCatalog` was asked at: the kit's cache reads its clock from here, so a test can name the time. */
let askedAt = 0;
const catalogReads = recentReads<EngineCigar[]>({ ttlMs: CATALOG_CACHE_MS, max: 1, now: () => askedAt });

/**
 * AP: the catalog copy as this instance last read it (under the whole version `wholeVersion`), read again when that is CATALOG_CACHE_MS old (the kit's
 * `recentReads`: concurrent callers share one read; a failed read is not kept). The array is shared: callers do not
 * change it.
 */
export function loadCatalog(nowMs: number = Date.now(), wholeVersion: number | null = null): Promise<EngineCigar[]> {
  askedAt = nowMs;
  return catalogReads.get(`${keys.catalog}#${wholeVersion ?? 'none'}`, readCatalog);
}

/**
 * AP: what VitolAI grounds an answer in: the catalog copy, read again as soon as the copy holds a newer version whole
 * (the cache is kept per whole version, so an instance that read it while it was filling does not answer from that
 * for a minute more), and whether the copy is behind (kit catalog-copy.ts).
 */
export async function loadCatalogCopy(nowMs: number = Date.now()): Promise<{ catalog: EngineCigar[]; behind: boolean }> {
  const state = await catalogCopyState();
  return { catalog: await loadCatalog(nowMs, state.wholeVersion), behind: state.behind };
}

// Member items

/**
 * AP: keep one humidor or wishlist item by its version (kit `applyIfNewer`): a duplicate or an older change is
 * ignored; a removal becomes a tombstone holding its version.
 */
export async function applyCollectionItem(d: EventDetail<'CollectionItemChanged'>): Promise<void> {
  const { userId: _userId, version, ...fields } = d;
  await applyIfNewer(memberItems.key(d), 'version', version, d.removed ? { ...fields, ttl: tombstoneTtl() } : fields);
}

// Reviews

/** AP: keep a published review once; a tombstone (its delete came first) or an earlier copy is left as it is. */
export async function applyReviewPublished(r: EventDetail<'ReviewPublished'>): Promise<void> {
  // Its photos are not kept: Quick Picks show the cigar's (CigarCommunityChanged).
  const { userId: _userId, photos: _photos, ...review } = r;
  await write(reviews.put(r, { ...review, deleted: false }, { ifAbsent: true }));
}

/** AP: a deleted review leaves a tombstone in its place (whether its publish came already or comes later). */
export async function applyReviewDeleted(r: EventDetail<'ReviewDeleted'>): Promise<void> {
  await write(reviews.put(r, { reviewId: r.reviewId, cigarId: r.cigarId, deleted: true, ttl: tombstoneTtl() }));
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
  const reviewed: MemberReview[] = [];
  for (const i of items) {
    const sk = String(i.SK);
    if (sk.startsWith(keys.itemPrefix) && i.removed === false) {
      if (i.list === 'humidor') humidor.push(toHumidorItem(i));
      else if (i.list === 'wishlist') wishlist.push({ ...toWishlistItem(i), createdAt: String(i.createdAt) });
    } else if (sk.startsWith(keys.reviewPrefix) && i.deleted === false) {
      reviewed.push(toReview(i));
    }
  }
  humidor.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  wishlist.sort((a, b) => b.priority - a.priority || a.createdAt.localeCompare(b.createdAt));
  reviewed.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return {
    humidor,
    wishlist: wishlist.map(({ createdAt: _c, ...w }) => w),
    reviews: reviewed,
    preferredStrength,
  };
}

// Cigars' community

/** A cigar's community rating, review count and photos as ai keeps them. */
export type CigarCommunity = { averageRating: number | null; reviewCount: number; photos: string[] };

/** AP: keep a cigar's community state by its version (kit `applyIfNewer`): a duplicate or an older one is ignored. */
export async function applyCigarCommunity(d: EventDetail<'CigarCommunityChanged'>): Promise<void> {
  await applyIfNewer(keys.cigarCommunity(d.cigarId), 'version', d.version, {
    cigarId: d.cigarId, averageRating: d.averageRating, reviewCount: d.reviewCount, photos: d.photos,
  });
}

/** AP: the community state of these cigars (one BatchGet, eventually consistent), by id; a cigar with none is absent. */
export async function readCommunity(cigarIds: readonly string[]): Promise<Map<string, CigarCommunity>> {
  const unique = [...new Set(cigarIds)];
  if (!unique.length) return new Map();
  const items = await batchGetAll(unique.map(keys.cigarCommunity), { consistent: false });
  return new Map(items.map((i) => [String(i.cigarId), {
    averageRating: numberOrNull(i.averageRating), reviewCount: Number(i.reviewCount ?? 0),
    photos: Array.isArray(i.photos) ? i.photos.map(String) : [],
  }]));
}
