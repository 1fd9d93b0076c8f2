import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';
import { indexKeys, queryAll, setExpression } from '@torcedor/service-kit/items';
import { eventPart } from '@torcedor/service-kit/outbox';
import { transact } from '@torcedor/service-kit/transactions';
import type { EventDetail } from '@torcedor/shared/events';
import { Brand, Cigar, CatalogBrand, CatalogCigar, CatalogLounge, Lounge } from '@torcedor/shared/schemas/catalog';
import type { z } from 'zod';
import { keys } from './keys.ts';

export type CigarView = z.infer<typeof Cigar>;
export type BrandView = z.infer<typeof Brand>;
export type LoungeView = z.infer<typeof Lounge>;

const listKind = (kind: 'CIGAR' | 'BRAND' | 'LOUNGE') =>
  queryAll({ IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk', ExpressionAttributeValues: { ':pk': keys.catalogList(kind) } });

/** AP: the catalog's version (grows with every import). */
export async function catalogVersion(): Promise<number> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.catalogVersion }));
  return Number(out.Item?.version ?? 0);
}

/**
 * AP: the whole catalog (three GSI2 partitions), cigars joined with their brand. Ratings are as of this read:
 * the search index built from it (search-index.ts) keeps them until the catalog version changes.
 */
export async function loadCatalog(): Promise<{ cigars: CigarView[]; brands: BrandView[]; lounges: LoungeView[] }> {
  const [cigarItems, brandItems, loungeItems] = await Promise.all([listKind('CIGAR'), listKind('BRAND'), listKind('LOUNGE')]);
  const rawBrands = brandItems.map((b) => CatalogBrand.parse(pick(b, CatalogBrand.keyof().options)));
  const byId = new Map(rawBrands.map((b) => [b.id, b]));
  const counts = new Map<string, number>();
  const cigars: CigarView[] = [];
  for (const c of cigarItems) {
    const brand = byId.get(String(c.brandId));
    if (!brand) continue;
    counts.set(brand.id, (counts.get(brand.id) ?? 0) + 1);
    cigars.push(toCigarView(c, brand));
  }
  const brands = rawBrands.map((b) => ({ ...b, cigarCount: counts.get(b.id) ?? 0 }));
  const lounges = loungeItems.map((l) => CatalogLounge.parse(pick(l, CatalogLounge.keyof().options)));
  return { cigars, brands, lounges };
}

function pick(item: Record<string, unknown>, fields: readonly string[]) {
  return Object.fromEntries(fields.filter((f) => item[f] !== undefined).map((f) => [f, item[f]]));
}

function toCigarView(c: Record<string, unknown>, brand: z.infer<typeof CatalogBrand>): CigarView {
  return Cigar.parse({
    ...pick(c, CatalogCigar.keyof().options),
    brandName: brand.name,
    brandCountry: brand.country,
    ...ratingOf(c),
  });
}

/**
 * A cigar's rating from the sums its review events keep (ratings.ts): the mean of the live reviews' overall
 * scores, rounded to a whole number (0-100), null before the first review.
 */
export function ratingOf(c: Record<string, unknown>): { averageRating: number | null; reviewCount: number } {
  const reviewCount = Math.max(0, Number(c.reviewCount ?? 0));
  const ratingSum = Number(c.ratingSum ?? 0);
  return { averageRating: reviewCount > 0 ? Math.round(ratingSum / reviewCount) : null, reviewCount };
}

/**
 * AP: one cigar with its brand, or null. Read from the table on every call (never from the instance's
 * catalog cache), so its rating includes every review event handled so far.
 */
export async function getCigar(id: string): Promise<CigarView | null> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.cigar(id) }));
  if (!out.Item) return null;
  const brand = await getRawBrand(String(out.Item.brandId));
  return brand ? toCigarView(out.Item, brand) : null;
}

async function getRawBrand(id: string) {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.brand(id) }));
  return out.Item ? CatalogBrand.parse(pick(out.Item, CatalogBrand.keyof().options)) : null;
}

/** AP: one brand with its cigars (GSI1 by brand), or null. */
export async function getBrandWithCigars(id: string): Promise<{ brand: BrandView; cigars: CigarView[] } | null> {
  const brand = await getRawBrand(id);
  if (!brand) return null;
  const items = await queryAll({ IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': keys.brandCigars(id) } });
  const cigars = items.map((c) => toCigarView(c, brand));
  return { brand: { ...brand, cigarCount: cigars.length }, cigars };
}

/** AP: one lounge, or null. */
export async function getLounge(id: string): Promise<LoungeView | null> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.lounge(id) }));
  return out.Item ? CatalogLounge.parse(pick(out.Item, CatalogLounge.keyof().options)) : null;
}

/** AP: all lounges. */
export const listLounges = async () => (await loadCatalog()).lounges;

/** The most cigars one CatalogCigarsChanged carries (the event's schema allows 150: each carries its details). */
export const CATALOG_EVENT_CHUNK = 150;

/**
 * AP: write validated catalog rows (upsert by id). Updates set only the curated fields (picked from the
 * schema), so ratings kept from review events (`ratingSum`, `reviewCount`) survive a re-import. The catalog
 * version grows once per import. Then CatalogCigarsChanged is recorded in the outbox, in chunks of 150, with
 * every cigar of the catalog after the import (not only the imported rows) and its curated details, so a
 * consumer that missed an import catches up at the next; the outbox schedule publishes them (the import CLI has
 * no end-of-invocation relay).
 * Returns the new catalog version and how many cigars the events carry.
 */
export async function writeCatalog(rows: {
  brands: z.infer<typeof CatalogBrand>[]; cigars: z.infer<typeof CatalogCigar>[]; lounges: z.infer<typeof CatalogLounge>[];
}): Promise<{ catalogVersion: number; cigarsAnnounced: number }> {
  const curated = <T extends z.ZodObject>(schema: T, row: object) => pick(row as Record<string, unknown>, schema.keyof().options as string[]);
  const writes = [
    ...rows.brands.map((b) => ({ key: keys.brand(b.id), fields: { ...curated(CatalogBrand, b), ...indexKeys({ GSI2: [keys.catalogList('BRAND'), b.id] }) } })),
    ...rows.cigars.map((c) => ({ key: keys.cigar(c.id), fields: { ...curated(CatalogCigar, c), ...indexKeys({ GSI1: [keys.brandCigars(c.brandId), c.name], GSI2: [keys.catalogList('CIGAR'), c.id] }) } })),
    ...rows.lounges.map((l) => ({ key: keys.lounge(l.id), fields: { ...curated(CatalogLounge, l), ...indexKeys({ GSI2: [keys.catalogList('LOUNGE'), l.id] }) } })),
  ];
  const CONCURRENCY = 16;
  for (let i = 0; i < writes.length; i += CONCURRENCY) {
    await Promise.all(writes.slice(i, i + CONCURRENCY).map(({ key, fields }) => {
      return ddb.send(new UpdateCommand({ TableName: TABLE, Key: key, ...setExpression(fields) }));
    }));
  }
  const bumped = await ddb.send(new UpdateCommand({
    TableName: TABLE, Key: keys.catalogVersion, UpdateExpression: 'ADD version :one', ExpressionAttributeValues: { ':one': 1 }, ReturnValues: 'UPDATED_NEW',
  }));
  const version = Number(bumped.Attributes?.version ?? 0);
  const cigars = await catalogCigarNames(rows);
  for (let i = 0; i < cigars.length; i += CATALOG_EVENT_CHUNK) {
    await transact({ event: eventPart('CatalogCigarsChanged', { catalogVersion: version, cigars: cigars.slice(i, i + CATALOG_EVENT_CHUNK) }) });
  }
  return { catalogVersion: version, cigarsAnnounced: cigars.length };
}

type AnnouncedCigar = EventDetail<'CatalogCigarsChanged'>['cigars'][number];

/**
 * Every cigar of the catalog after an import, with its brand's name and its curated details (the brand's country
 * included), sorted by id. The GSI2 lists are eventually consistent, so the rows just written (and their brands)
 * are laid over what they return. A stored row that is not a whole curated cigar goes without details.
 */
async function catalogCigarNames(rows: Parameters<typeof writeCatalog>[0]): Promise<AnnouncedCigar[]> {
  const [cigarItems, brandItems] = await Promise.all([listKind('CIGAR'), listKind('BRAND')]);
  const brands = new Map<string, { name: string; country: string }>(brandItems.map((b) => [String(b.id), { name: String(b.name), country: String(b.country) }]));
  for (const b of rows.brands) brands.set(b.id, { name: b.name, country: b.country });
  const cigars = new Map<string, Record<string, unknown>>(cigarItems.map((c) => [String(c.id), c]));
  for (const c of rows.cigars) cigars.set(c.id, c);
  return [...cigars.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .flatMap(([id, c]): AnnouncedCigar[] => {
      const brand = brands.get(String(c.brandId));
      if (!brand) return [];
      const announced = { id, name: String(c.name), brandName: brand.name, vitola: typeof c.vitola === 'string' ? c.vitola : null };
      const curated = CatalogCigar.safeParse(pick(c, CatalogCigar.keyof().options));
      if (!curated.success) return [announced];
      const { brandId, length, ringGauge, strength, wrapper, binder, filler, country, description } = curated.data;
      return [{ ...announced, details: { brandId, brandCountry: brand.country, length, ringGauge, strength, wrapper, binder, filler, country, description } }];
    });
}
