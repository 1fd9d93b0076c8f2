import { queryAll } from '@torcedor/service-kit/items';
import { eventPart } from '@torcedor/service-kit/outbox';
import { transact } from '@torcedor/service-kit/transactions';
import type { EventDetail } from '@torcedor/shared/events';
import { announcedPages, announcementEnds, catalogVersions } from './entities.ts';
import { keys } from './keys.ts';

/**
 * What a catalog announcement run records (../../README.md, CatalogPublished): each page's marker with its
 * CatalogCigarsChanged, and with its last page its end: CatalogPublished with the run's counts, in the same
 * transaction as the end's marker (once a run), and the counts kept on the catalog version item for the hourly
 * heartbeat (`publishCatalog`).
 */

type AnnouncedCigar = EventDetail<'CatalogCigarsChanged'>['cigars'][number];
type Counts = Omit<EventDetail<'CatalogPublished'>, 'catalogVersion'>;
type RecordedPage = { cigars: number; ids?: string[] };

/** How long a page's marker and a run's end are kept: far longer than any run. */
const MARKER_TTL_SECONDS = 7 * 24 * 3600;
/** Tries of a run's end whose page a concurrent runner recorded meanwhile (each reads the markers again). */
const END_ATTEMPTS = 3;

const markerTtl = () => Math.floor(Date.now() / 1000) + MARKER_TTL_SECONDS;

/** A page's marker (`attribute_not_exists`: its event is recorded once) and its event. */
function pageParts(catalogVersion: number, runId: string, cursor: string | null, cigars: AnnouncedCigar[]) {
  return {
    marker: announcedPages.put([runId, cursor], { cigars: cigars.length, ids: cigars.map((c) => c.id), ttl: markerTtl() }, { ifAbsent: true }),
    chunk: eventPart('CatalogCigarsChanged', { catalogVersion, cigars }),
  };
}

/** AP: records a page that is not the run's last with its event; false when it was recorded before. */
export async function recordPage(catalogVersion: number, runId: string, cursor: string | null, cigars: AnnouncedCigar[]): Promise<boolean> {
  return (await transact(pageParts(catalogVersion, runId, cursor, cigars))).ok;
}

/** The run's recorded pages by marker sort key (Query of the run's partition, consistent). */
async function recordedPages(runId: string): Promise<Map<string, RecordedPage>> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :page)', ConsistentRead: true,
    ExpressionAttributeValues: { ':pk': keys.announceRun(runId), ':page': keys.announcePagePrefix },
  });
  return new Map(items.map((i) => [String(i.SK), { cigars: Number(i.cigars ?? 0), ...(Array.isArray(i.ids) ? { ids: i.ids.map(String) } : {}) }]));
}

/**
 * A run's counts from its recorded pages: its events (pages with cigars, told apart by their first cigar id as the
 * copies tell chunks apart) and the distinct cigars they carried, so a page run twice counts once. A marker written
 * before the ids were kept counts as one chunk of its number of cigars.
 */
export function tally(pages: Iterable<RecordedPage>): Counts {
  const firsts = new Set<string>();
  const ids = new Set<string>();
  let older = { chunks: 0, cigars: 0 };
  for (const p of pages) {
    if (!p.cigars) continue;
    if (!p.ids?.length) older = { chunks: older.chunks + 1, cigars: older.cigars + p.cigars };
    else {
      firsts.add(p.ids[0]!);
      for (const id of p.ids) ids.add(id);
    }
  }
  return { cigarCount: ids.size + older.cigars, chunks: firsts.size + older.chunks };
}

/**
 * AP: records the run's last page and its end in one transaction: the page's marker and event (unless recorded
 * before), the end's marker (`attribute_not_exists`: once a run), and, unless a newer version was published already,
 * CatalogPublished with the run's counts and the counts on `CATALOG / VERSION` (conditioned on no newer
 * `publishedVersion`). Answers whether the page's event was recorded now.
 */
export async function recordLastPage(catalogVersion: number, runId: string, cursor: string | null, cigars: AnnouncedCigar[]): Promise<boolean> {
  for (let attempt = 0; attempt < END_ATTEMPTS; attempt++) {
    const [pages, version] = await Promise.all([recordedPages(runId), catalogVersions.get(undefined)]);
    const own = keys.announcePage(runId, cursor).SK;
    const page = !pages.has(own) && cigars.length ? pageParts(catalogVersion, runId, cursor, cigars) : undefined;
    if (page) pages.set(own, { cigars: cigars.length, ids: cigars.map((c) => c.id) });
    const counts = tally(pages.values());
    const current = (version?.publishedVersion ?? -1) <= catalogVersion;
    const r = await transact({
      marker: page?.marker, chunk: page?.chunk,
      end: announcementEnds.put(runId, { catalogVersion, ...counts, ttl: markerTtl() }, { ifAbsent: true }),
      counts: current ? catalogVersions.update(undefined, { publishedVersion: catalogVersion, ...counts }, {
        ConditionExpression: 'attribute_not_exists(publishedVersion) OR publishedVersion <= :published', ExpressionAttributeValues: { ':published': catalogVersion },
      }) : undefined,
      published: current ? eventPart('CatalogPublished', { catalogVersion, ...counts }) : undefined,
    });
    if (r.ok) return page !== undefined;
    if (r.failed.includes('end')) return false;
  }
  throw new Error(`catalog announcement ${runId}: its end lost ${END_ATTEMPTS} races`);
}

/**
 * AP: the hourly heartbeat (../../README.md, CatalogPublished): GetItem `CATALOG / VERSION` (consistent); when the
 * current version was published whole, CatalogPublished again with its counts through the outbox. Answers what it
 * found: no catalog, the current version published, or the current version not published (yet, or never: announced
 * before the counts were kept).
 */
export async function publishCatalog(): Promise<{ outcome: 'no-catalog' | 'published' | 'unpublished'; version: number }> {
  const v = await catalogVersions.get(undefined);
  const version = Number(v?.version ?? 0);
  if (!version) return { outcome: 'no-catalog', version };
  if (v?.publishedVersion !== version) return { outcome: 'unpublished', version };
  await transact({ published: eventPart('CatalogPublished', { catalogVersion: version, cigarCount: v.cigarCount ?? 0, chunks: v.chunks ?? 0 }) });
  return { outcome: 'published', version };
}
