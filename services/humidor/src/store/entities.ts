import { entity } from '@torcedor/service-kit/entity';
import type { CuratedBrand, CuratedLounge, ReviewMarker, StoredCigar } from '../domain/catalog.ts';
import type { Counts, Reading, StoredItem, StoredWish } from '../domain/collection.ts';
import { keys } from './keys.ts';

/**
 * The humidor table's entities, each declared once (../../README.md lists them with their keys and access patterns).
 * The member's entitlement copy (`MEMBER#<userId>` / `ENTITLEMENT`) is the kit's (service-kit/entitlement.ts).
 */

/** A curated brand; GSI2 lists every brand. */
export const brands = entity<CuratedBrand>({
  name: 'Brand', key: keys.brand, indexes: (b) => ({ GSI2: [keys.catalogList('BRAND'), b.id] }),
});

/** A curated cigar with its rating sums; GSI1 lists a brand's cigars by name, GSI2 every cigar. */
export const cigars = entity<StoredCigar>({
  name: 'Cigar', key: keys.cigar,
  indexes: (c) => ({ GSI1: [keys.brandCigars(c.brandId), c.name], GSI2: [keys.catalogList('CIGAR'), c.id] }),
});

/** A curated lounge; GSI2 lists every lounge. */
export const lounges = entity<CuratedLounge>({
  name: 'Lounge', key: keys.lounge, indexes: (l) => ({ GSI2: [keys.catalogList('LOUNGE'), l.id] }),
});

/**
 * The catalog's version (grows once per import), and the last version an announcement published whole with its counts
 * (store/catalog-published.ts; absent until one ends).
 */
export const catalogVersions = entity<{ version: number; publishedVersion?: number; cigarCount?: number; chunks?: number }, void>({
  name: 'CatalogVersion', key: () => keys.catalogVersion,
});

/** The last announcement a copy asked for: another starts only after `until` (epoch seconds); `ttl` removes it. */
export const reannouncements = entity<{ catalogVersion: number; until: number; ttl: number }, void>({
  name: 'CatalogReannouncement', key: () => keys.catalogReannounce,
});

/** A review's marker by cigar and review id; a live one is in its author's GSI1 list (a tombstone is not). */
export const reviewMarkers = entity<ReviewMarker, [cigarId: string, reviewId: string]>({
  name: 'ReviewMarker', key: ([cigarId, reviewId]) => keys.reviewMarker(cigarId, reviewId),
  indexes: (m) => (m.state === 'live' && m.userId ? { GSI1: [keys.reviewer(m.userId), m.reviewId] } : {}),
});

/**
 * The marker of one announced page of a catalog announcement run, kept a week (`ttl`): how many cigars its event
 * carried and their ids (absent on markers written before the ids were kept).
 */
export const announcedPages = entity<{ cigars: number; ids?: string[]; ttl: number }, [runId: string, cursor: string | null]>({
  name: 'AnnouncedPage', key: ([runId, cursor]) => keys.announcePage(runId, cursor),
});

/** The end of a catalog announcement run, recorded with its CatalogPublished (once), kept a week (`ttl`). */
export const announcementEnds = entity<{ catalogVersion: number; cigarCount: number; chunks: number; ttl: number }, string>({
  name: 'AnnouncementEnd', key: keys.announceEnd,
});

/** A member's humidor item by member and item id. */
export const humidorItems = entity<StoredItem, [userId: string, itemId: string]>({
  name: 'HumidorItem', key: ([userId, itemId]) => keys.item(userId, itemId),
});

/** A member's wishlist entry by member and entry id. */
export const wishes = entity<StoredWish, [userId: string, wishId: string]>({
  name: 'WishlistEntry', key: ([userId, wishId]) => keys.wish(userId, wishId),
});

/** A member's totals. */
export const memberCounts = entity<Partial<Counts>>({ name: 'MemberCounts', key: keys.counts });

/** A member's conditions reading, sorted by when it was taken. */
export const readings = entity<Reading, [userId: string, recordedAt: string, id: string]>({
  name: 'ConditionsReading', key: ([userId, recordedAt, id]) => keys.reading(userId, recordedAt, id),
});
