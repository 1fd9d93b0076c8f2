import { memberPK } from '@torcedor/service-kit/ddb';

/** Keys as data for the ai table (see ../README.md). */
export const keys = {
  member: memberPK,
  usage: (userId: string, day: string) => ({ PK: memberPK(userId), SK: `USAGE#${day}` }),

  /** The catalog copy (humidor's CatalogCigarsChanged): one partition, read whole by a Query. */
  catalog: 'CATALOG',
  catalogCigar: (cigarId: string) => ({ PK: 'CATALOG', SK: `CIGAR#${cigarId}` }),

  /** Copies of the member's humidor and wishlist items (CollectionItemChanged) and reviews (ReviewPublished). */
  memberItem: (userId: string, itemId: string) => ({ PK: memberPK(userId), SK: `ITEM#${itemId}` }),
  itemPrefix: 'ITEM#',
  memberReview: (userId: string, reviewId: string) => ({ PK: memberPK(userId), SK: `REVIEW#${reviewId}` }),
  reviewPrefix: 'REVIEW#',
  /**
   * The sort-key range of the member partition that holds the item and review copies (`ITEM#` up to every
   * `REVIEW#…`, which sort before `REVIEW$`): one Query reads them without the chat turns (`CHAT#`), entitlement
   * and usage beside them; the hour and day counters (`RATE#`) fall in it and are left out in code.
   */
  memberCopies: { from: 'ITEM#', to: 'REVIEW$' },
};
