import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';
import { indexKeys, queryAll, setExpression } from '@torcedor/service-kit/items';
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

/** AP: the whole catalog (three GSI2 partitions), cigars joined with their brand. */
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
    averageRating: typeof c.averageRating === 'number' ? c.averageRating : null,
    reviewCount: Number(c.reviewCount ?? 0),
  });
}

/** AP: one cigar with its brand, or null. */
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

/**
 * AP: write validated catalog rows (upsert by id). Updates set only the curated fields, so ratings
 * kept from review events survive a re-import. The catalog version grows once per import.
 */
export async function writeCatalog(rows: {
  brands: z.infer<typeof CatalogBrand>[]; cigars: z.infer<typeof CatalogCigar>[]; lounges: z.infer<typeof CatalogLounge>[];
}): Promise<void> {
  const writes = [
    ...rows.brands.map((b) => ({ key: keys.brand(b.id), fields: { ...b, ...indexKeys({ GSI2: [keys.catalogList('BRAND'), b.id] }) } })),
    ...rows.cigars.map((c) => ({ key: keys.cigar(c.id), fields: { ...c, ...indexKeys({ GSI1: [keys.brandCigars(c.brandId), c.name], GSI2: [keys.catalogList('CIGAR'), c.id] }) } })),
    ...rows.lounges.map((l) => ({ key: keys.lounge(l.id), fields: { ...l, ...indexKeys({ GSI2: [keys.catalogList('LOUNGE'), l.id] }) } })),
  ];
  const CONCURRENCY = 16;
  for (let i = 0; i < writes.length; i += CONCURRENCY) {
    await Promise.all(writes.slice(i, i + CONCURRENCY).map(({ key, fields }) => {
      return ddb.send(new UpdateCommand({ TableName: TABLE, Key: key, ...setExpression(fields) }));
    }));
  }
  await ddb.send(new UpdateCommand({ TableName: TABLE, Key: keys.catalogVersion, UpdateExpression: 'ADD version :one', ExpressionAttributeValues: { ':one': 1 } }));
}
