import { queryAfter } from '@torcedor/service-kit/items';
import type { JobPage } from '@torcedor/service-kit/jobs';
import { logger } from '@torcedor/service-kit/logger';
import type { EventDetail } from '@torcedor/shared/events';
import { CatalogCigar } from '@torcedor/shared/schemas/catalog';
import * as z from 'zod';
import { pick } from '../domain/catalog.ts';
import { recordLastPage, recordPage } from './catalog-published.ts';
import { brands, cigars } from './entities.ts';
import { keys } from './keys.ts';

/**
 * The announcement of the catalog after an import (../../README.md, CatalogCigarsChanged), a paged job
 * (docs/architecture.md, "Jobs"; services/kit/src/jobs.ts): one page is the next CATALOG_EVENT_CHUNK cigars of GSI2
 * `CATALOG#CIGAR` after the cursor (a cigar id), read again from the table with their brands, and one
 * CatalogCigarsChanged carrying them, recorded in the outbox in one transaction with the page's marker
 * (`CATALOG#ANNOUNCE#<job run>` / `PAGE#<cursor>`), so a page run twice (its checkpoint was not written) records its
 * event once. The last page also records the run's end with CatalogPublished and its counts (store/catalog-published.ts).
 * The import starts it (store/catalog.ts#writeCatalog), and so does a copy that asks for the version again
 * (store/catalog-reannounce.ts), each running pages while its budget lasts; humidor's minute schedule continues what
 * is left (handlers/jobs.ts).
 */
export const CATALOG_ANNOUNCE_JOB = 'catalog-announce';
/** The most cigars one CatalogCigarsChanged carries (the event's schema allows 150: each carries its details). */
export const CATALOG_EVENT_CHUNK = 150;

export const AnnounceParams = z.object({ catalogVersion: z.number().int().nonnegative() });
export type AnnounceParams = z.infer<typeof AnnounceParams>;
const Cursor = z.string().min(1).max(300).nullable();

type AnnouncedCigar = EventDetail<'CatalogCigarsChanged'>['cigars'][number];

/** A cigar as announced: its brand's name and its curated details (the brand's country included); none without its brand. */
function announced(c: Record<string, unknown>, brand: Record<string, unknown> | undefined): AnnouncedCigar[] {
  if (!brand) return [];
  const cigar = { id: String(c.id), name: String(c.name), brandName: String(brand.name), vitola: typeof c.vitola === 'string' ? c.vitola : null };
  // A stored row that is not a whole curated cigar goes without details.
  const curated = CatalogCigar.safeParse(pick(c, CatalogCigar.keyof().options));
  if (!curated.success) return [cigar];
  const { brandId, length, ringGauge, strength, wrapper, binder, filler, country, description } = curated.data;
  return [{ ...cigar, details: { brandId, brandCountry: String(brand.country), length, ringGauge, strength, wrapper, binder, filler, country, description } }];
}

/** These cigars and their brands, read from the table itself (consistent), sorted by id. */
async function readCigars(ids: string[]): Promise<AnnouncedCigar[]> {
  const found = await cigars.getMany(ids);
  const byId = new Map((await brands.getMany([...new Set(found.map((c) => String(c.brandId)))])).map((b) => [String(b.id), b]));
  return found.flatMap((c) => announced(c, byId.get(String(c.brandId)))).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * The ids of the page after `after`: the next CATALOG_EVENT_CHUNK of GSI2 `CATALOG#CIGAR` (the kit's page after a
 * sort key), with the ids the import just wrote in that range (`written`: the list trails the table a moment).
 * Answers them and where the next page starts.
 */
async function pageIds(after: string, written: readonly string[]): Promise<{ ids: string[]; next: string | null }> {
  const listed = await queryAfter(
    { IndexName: 'GSI2', ProjectionExpression: 'GSI2SK', KeyConditionExpression: 'GSI2PK = :pk', ExpressionAttributeValues: { ':pk': keys.catalogList('CIGAR') } },
    { limit: CATALOG_EVENT_CHUNK, after: after || undefined, sortKey: 'GSI2SK', newestFirst: false },
  );
  const found = listed.items.map((i) => String(i.GSI2SK));
  const end = listed.more ? found.at(-1) ?? null : null;
  const all = [...new Set([...found, ...written.filter((id) => id > after && (end === null || id <= end))])].sort();
  const ids = all.slice(0, CATALOG_EVENT_CHUNK);
  return { ids, next: ids.length < all.length ? ids.at(-1)! : end };
}

/**
 * AP: the announcement's job page. `written` are the cigar ids the import that runs it wrote (none when the schedule
 * continues a run: the list has long caught up by then).
 */
export function announcePage(written: readonly string[] = []): JobPage<AnnounceParams> {
  const sorted = [...written].sort();
  return async ({ params, cursor, runId }) => {
    const p = AnnounceParams.safeParse(params);
    const at = Cursor.safeParse(cursor);
    if (!p.success || !at.success) {
      logger.error('catalog announcement with malformed params or cursor ended', { params, cursor });
      return { next: null };
    }
    const { ids, next } = await pageIds(at.data ?? '', sorted);
    const found = ids.length ? await readCigars(ids) : [];
    // A page recorded before (its marker is there) records nothing; the last page records the run's end once.
    const recorded = next === null ? await recordLastPage(p.data.catalogVersion, runId, at.data, found)
      : found.length > 0 && (await recordPage(p.data.catalogVersion, runId, at.data, found));
    if (found.length && !recorded) logger.info('catalog page announced before', { runId, cursor });
    return { next, done: found.length };
  };
}
