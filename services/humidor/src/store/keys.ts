import { CATALOG_VERSION_KEY } from '@torcedor/shared/constants';
import { memberPK } from '@torcedor/service-kit/ddb';

/** Keys as data for the humidor table (see ../../README.md); store/entities.ts declares the entities on them. */
export const keys = {
  cigar: (id: string) => ({ PK: `CIGAR#${id}`, SK: 'CIGAR' }),
  brand: (id: string) => ({ PK: `BRAND#${id}`, SK: 'BRAND' }),
  lounge: (id: string) => ({ PK: `LOUNGE#${id}`, SK: 'LOUNGE' }),
  catalogVersion: CATALOG_VERSION_KEY,
  /** GSI2 partitions listing the whole catalog by kind (a Query, never a Scan). */
  catalogList: (kind: 'CIGAR' | 'BRAND' | 'LOUNGE') => `CATALOG#${kind}`,
  /** GSI1: a brand's cigars by name. */
  brandCigars: (brandId: string) => `BRAND#${brandId}`,
  /** A review's marker, in its cigar's partition. */
  reviewMarker: (cigarId: string, reviewId: string) => ({ PK: `CIGAR#${cigarId}`, SK: `REVIEW#${reviewId}` }),
  /** GSI1 partition of a member's live review markers. */
  reviewer: (userId: string) => `REVIEWER#${userId}`,
  /** The marker of one page of a catalog announcement run (the page's event is recorded once). */
  announcePage: (runId: string, cursor: string | null) => ({ PK: `CATALOG#ANNOUNCE#${runId}`, SK: `PAGE#${cursor ?? ''}` }),
  /** A run's partition (its pages' markers and its end) and the prefix of its pages' markers. */
  announceRun: (runId: string) => `CATALOG#ANNOUNCE#${runId}`,
  announcePagePrefix: 'PAGE#',
  /** The end of a catalog announcement run, recorded once with its CatalogPublished. */
  announceEnd: (runId: string) => ({ PK: `CATALOG#ANNOUNCE#${runId}`, SK: 'END' }),
  /** The marker of the last announcement a copy asked for (at most one per CATALOG_COPY_GRACE_SECONDS). */
  catalogReannounce: { PK: 'CATALOG', SK: 'REANNOUNCE' },

  member: memberPK,
  item: (userId: string, itemId: string) => ({ PK: memberPK(userId), SK: `ITEM#${itemId}` }),
  itemPrefix: 'ITEM#',
  wish: (userId: string, wishId: string) => ({ PK: memberPK(userId), SK: `WISH#${wishId}` }),
  wishPrefix: 'WISH#',
  /** A humidity/temperature reading, sorted by when it was taken. */
  reading: (userId: string, recordedAt: string, id: string) => ({ PK: memberPK(userId), SK: `COND#${recordedAt}#${id}` }),
  readingPrefix: 'COND#',
  /** The member's totals: sticks (sum of quantities), items, wishes, and their version. */
  counts: (userId: string) => ({ PK: memberPK(userId), SK: 'COUNTS' }),
};
