import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';
import { indexKeys, queryAll, setExpression } from '@torcedor/service-kit/items';
import { runJob, startJob } from '@torcedor/service-kit/jobs';
import { Brand, Cigar, CatalogBrand, CatalogCigar, CatalogLounge, Lounge } from '@torcedor/shared/schemas/catalog';
import type { z } from 'zod';
import { announcePage, CATALOG_ANNOUNCE_JOB, pick, type AnnounceParams } from './catalog-announce.ts';
import { keys } from './keys.ts';

export { CATALOG_EVENT_CHUNK } from './catalog-announce.ts';

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

/** How long an import announces the catalog itself before it leaves the rest to humidor's minute schedule. */
export const IMPORT_ANNOUNCE_BUDGET_MS = 5 * 60_000;

/**
 * AP: write validated catalog rows (upsert by id). Updates set only the curated fields (picked from the
 * schema), so ratings kept from review events (`ratingSum`, `reviewCount`) survive a re-import. The catalog
 * version grows once per import. Then the import starts the catalog's announcement for that version, a paged job
 * (data/catalog-announce.ts): CatalogCigarsChanged in chunks of 150, with every cigar of the catalog after the import
 * (not only the imported rows) and its curated details, so a consumer that missed an import catches up at the next. The
 * import runs its pages until `deadline` (IMPORT_ANNOUNCE_BUDGET_MS from now unless told); humidor's minute schedule
 * continues a run left unfinished, and the outbox schedule publishes the events (the import CLI has no
 * end-of-invocation relay). Returns the new catalog version, how many cigars the pages run so far announced and
 * whether the announcement is done.
 */
export async function writeCatalog(rows: {
  brands: z.infer<typeof CatalogBrand>[]; cigars: z.infer<typeof CatalogCigar>[]; lounges: z.infer<typeof CatalogLounge>[];
}, opts: { deadline?: number } = {}): Promise<{ catalogVersion: number; cigarsAnnounced: number; announced: boolean }> {
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
  // One run per version: an import never waits for (nor stops) the announcement of the one before.
  await startJob<AnnounceParams>(CATALOG_ANNOUNCE_JOB, { catalogVersion: version }, String(version));
  const state = await runJob(CATALOG_ANNOUNCE_JOB, announcePage(rows.cigars.map((c) => c.id)), {
    key: String(version), deadline: opts.deadline ?? Date.now() + IMPORT_ANNOUNCE_BUDGET_MS,
  });
  return { catalogVersion: version, cigarsAnnounced: state?.handled ?? 0, announced: state?.status === 'done' };
}
