import { BandMatcher } from '@torcedor/shared/band-match';
import { BAND_MATCHES_SHOWN } from '@torcedor/shared/constants';
import type { RouteResponse } from '@torcedor/shared/route';
import type { routes } from '@torcedor/shared/routes';
import type { BandCatalog, BandCatalogRow, Cigar } from '@torcedor/shared/schemas/catalog';
import { SAVED_READS_CACHE, savedAtOf } from '@/lib/offline-cache';

/**
 * Band scan offline (docs/band-scan.md, "Offline"): the band's text matched on the device, by the server's own matcher
 * (shared/src/band-match.ts) over the catalog rows the service worker kept. A match carries what the rows know of its
 * cigar; its community (rating, reviews, photos) is not known offline, so the page does not claim any.
 */
type Match = RouteResponse<typeof routes.identifyCigar>['items'][number];
interface RowCigar { id: string; brandName: string; name: string; vitola: string; row: BandCatalogRow }

/** The cigar a catalog row describes, as the match cards read one (no community offline: no rating, no photos). */
export function cigarOfRow(row: BandCatalogRow): Cigar {
  const [id, brandName, name, vitola, length, ringGauge, strength, wrapper, country] = row;
  return {
    id, brandId: '', brandName, brandCountry: country, name, vitola, length, ringGauge, strength, wrapper, country,
    binder: '', filler: '', description: '', averageRating: null, reviewCount: 0, photos: [],
  };
}

/** The matcher of the rows' catalog version, built once (a few hundred ms for thousands of cigars on a phone). */
let built: { version: number; matcher: BandMatcher<RowCigar> } | null = null;

export function matchOffline(text: string, catalog: BandCatalog): Match[] {
  if (built?.version !== catalog.version) {
    built = {
      version: catalog.version,
      matcher: new BandMatcher(catalog.cigars.map((row) => ({ id: row[0], brandName: row[1], name: row[2], vitola: row[3], row }))),
    };
  }
  return built.matcher.match(text, BAND_MATCHES_SHOWN).map((m) => ({ cigar: cigarOfRow(m.cigar.row), confidence: m.confidence, matched: m.matched }));
}

/**
 * How old the kept rows may be before a visit to the scan page online reads them again: a week (the catalog changes
 * with an owner's import, rarely; the rows of 5,000 cigars are ~600 KB, and an online scan asks the server anyway).
 */
export const BAND_CATALOG_FRESH_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Whether the device should read the rows now, to be ready offline: online, and no copy kept in the last week (the
 * service worker keeps what the read answers). Without the Cache API (no service worker) there is nothing to keep.
 */
export async function needsBandCatalog(path: string, now = Date.now()): Promise<boolean> {
  if (typeof caches === 'undefined' || !navigator.onLine) return false;
  const kept = await caches.open(SAVED_READS_CACHE).then((c) => c.match(path)).catch(() => undefined);
  const at = kept ? savedAtOf(kept) : null;
  return !at || now - at.getTime() > BAND_CATALOG_FRESH_MS;
}
