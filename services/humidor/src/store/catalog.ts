import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';
import { write, type Entity } from '@torcedor/service-kit/entity';
import { queryAll, type Item } from '@torcedor/service-kit/items';
import { runJob, startJob } from '@torcedor/service-kit/jobs';
import { CatalogBrand, CatalogCigar, CatalogLounge } from '@torcedor/shared/schemas/catalog';
import type { z } from 'zod';
import {
  cigarView, communityOf, curatedBrand, curatedLounge, pick,
  type BrandView, type Community, type CigarView, type CuratedBrand, type CuratedCigar, type CuratedLounge, type LoungeView,
} from '../domain/catalog.ts';
import { announcePage, CATALOG_ANNOUNCE_JOB, type AnnounceParams } from './catalog-announce.ts';
import { brands, catalogVersions, cigars, lounges } from './entities.ts';
import { keys } from './keys.ts';

export { CATALOG_EVENT_CHUNK } from './catalog-announce.ts';

const listKind = (kind: 'CIGAR' | 'BRAND' | 'LOUNGE') =>
  queryAll({ IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk', ExpressionAttributeValues: { ':pk': keys.catalogList(kind) } });

/** AP: the catalog's version (grows with every import). */
export async function catalogVersion(): Promise<number> {
  return Number((await catalogVersions.get(undefined, { consistent: false }))?.version ?? 0);
}

/**
 * AP: the whole catalog (three GSI2 partitions), cigars joined with their brand. Ratings are as of this read:
 * the search index built from it (search-index.ts) keeps them until the catalog version changes.
 */
export async function loadCatalog(): Promise<{ cigars: CigarView[]; brands: BrandView[]; lounges: LoungeView[] }> {
  const [cigarItems, brandItems, loungeItems] = await Promise.all([listKind('CIGAR'), listKind('BRAND'), listKind('LOUNGE')]);
  const rawBrands = brandItems.map(curatedBrand);
  const byId = new Map(rawBrands.map((b) => [b.id, b]));
  const counts = new Map<string, number>();
  const views: CigarView[] = [];
  for (const c of cigarItems) {
    const brand = byId.get(String(c.brandId));
    if (!brand) continue;
    counts.set(brand.id, (counts.get(brand.id) ?? 0) + 1);
    views.push(cigarView(c, brand));
  }
  return {
    cigars: views,
    brands: rawBrands.map((b) => ({ ...b, cigarCount: counts.get(b.id) ?? 0 })),
    lounges: loungeItems.map(curatedLounge),
  };
}

/**
 * AP: one cigar with its brand, or undefined. Read from the table on every call (never from the instance's
 * catalog cache), so its rating includes every review event handled so far.
 */
export async function getCigar(id: string): Promise<CigarView | undefined> {
  const cigar = await cigars.get(id, { consistent: false });
  if (!cigar) return undefined;
  const brand = await getBrand(cigar.brandId);
  return brand ? cigarView(cigar, brand) : undefined;
}

/**
 * AP: what the community adds to these cigars now (rating, review count, photos), by id: a BatchGet of the cigar items
 * (eventually consistent). The instance's catalog (store/search-index.ts) keeps the curated fields until the catalog's
 * version changes; what reviews change is read here, so a search card is as current as the cigar's page.
 */
export async function communityOfCigars(ids: readonly string[]): Promise<Map<string, Community>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const items = await cigars.getMany(unique, { consistent: false });
  return new Map(items.map((c) => [c.id, communityOf(c)]));
}

/**
 * AP: the catalog fields an illustration is drawn from and the community's additions, of these cigars now, by id (the
 * same BatchGet): what a humidor or wishlist row shows of its cigar.
 */
export async function cigarCardsOf(ids: readonly string[]): Promise<Map<string, Community & { wrapper: string; length: number; ringGauge: number }>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const items = await cigars.getMany(unique, { consistent: false });
  return new Map(items.map((c) => [c.id, { ...communityOf(c), wrapper: c.wrapper, length: c.length, ringGauge: c.ringGauge }]));
}

async function getBrand(id: string): Promise<CuratedBrand | undefined> {
  const brand = await brands.get(id, { consistent: false });
  return brand ? curatedBrand(brand) : undefined;
}

/** AP: one brand with its cigars (GSI1 by brand), or undefined. */
export async function getBrandWithCigars(id: string): Promise<{ brand: BrandView; cigars: CigarView[] } | undefined> {
  const brand = await getBrand(id);
  if (!brand) return undefined;
  const items = await queryAll({ IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': keys.brandCigars(id) } });
  const views = items.map((c) => cigarView(c, brand));
  return { brand: { ...brand, cigarCount: views.length }, cigars: views };
}

/** AP: one lounge, or undefined. */
export async function getLounge(id: string): Promise<LoungeView | undefined> {
  const lounge = await lounges.get(id, { consistent: false });
  return lounge ? curatedLounge(lounge) : undefined;
}

/** How long an import announces the catalog itself before it leaves the rest to humidor's minute schedule. */
export const IMPORT_ANNOUNCE_BUDGET_MS = 5 * 60_000;
/** Rows an import writes at once. */
const WRITE_CONCURRENCY = 16;

/**
 * The upsert of a curated row: its curated fields (picked from the schema) and its index attributes, nothing else,
 * so the ratings kept from review events (`ratingSum`, `reviewCount`) survive a re-import.
 */
function upsert<T extends Item>(e: Entity<string, T>, schema: z.ZodObject, row: T & { id: string }) {
  const { PK: _pk, SK: _sk, ...fields } = e.item(row.id, pick(row, schema.keyof().options as string[]) as T);
  return write(e.update(row.id, fields as Partial<T>));
}

/**
 * AP: write validated catalog rows (upsert by id, 16 at a time). The catalog version grows once per import. Then
 * the import starts the catalog's announcement for that version, a paged job (store/catalog-announce.ts):
 * CatalogCigarsChanged in chunks of 150, with every cigar of the catalog after the import (not only the imported
 * rows) and its curated details, so a consumer that missed an import catches up at the next. The import runs its
 * pages until `deadline` (IMPORT_ANNOUNCE_BUDGET_MS from now unless told); humidor's minute schedule continues a run
 * left unfinished, and the outbox schedule publishes the events (the import CLI has no end-of-invocation relay).
 * Returns the new catalog version, how many cigars the pages run so far announced and whether the announcement is done.
 */
export async function writeCatalog(rows: {
  brands: CuratedBrand[]; cigars: CuratedCigar[]; lounges: CuratedLounge[];
}, opts: { deadline?: number } = {}): Promise<{ catalogVersion: number; cigarsAnnounced: number; announced: boolean }> {
  const writes = [
    ...rows.brands.map((b) => () => upsert(brands, CatalogBrand, b)),
    ...rows.cigars.map((c) => () => upsert(cigars, CatalogCigar, c)),
    ...rows.lounges.map((l) => () => upsert(lounges, CatalogLounge, l)),
  ];
  for (let i = 0; i < writes.length; i += WRITE_CONCURRENCY) await Promise.all(writes.slice(i, i + WRITE_CONCURRENCY).map((w) => w()));
  const bumped = await ddb.send(new UpdateCommand({
    TableName: TABLE, Key: catalogVersions.key(), UpdateExpression: 'ADD version :one', ExpressionAttributeValues: { ':one': 1 }, ReturnValues: 'UPDATED_NEW',
  }));
  const version = Number(bumped.Attributes?.version ?? 0);
  // One run per version: an import never waits for (nor stops) the announcement of the one before.
  await startJob<AnnounceParams>(CATALOG_ANNOUNCE_JOB, { catalogVersion: version }, String(version));
  const state = await runJob(CATALOG_ANNOUNCE_JOB, announcePage(rows.cigars.map((c) => c.id)), {
    key: String(version), deadline: opts.deadline ?? Date.now() + IMPORT_ANNOUNCE_BUDGET_MS,
  });
  return { catalogVersion: version, cigarsAnnounced: state?.handled ?? 0, announced: state?.status === 'done' };
}
