import { memberPK } from '@torcedor/service-kit/ddb';
import { entitlementKey } from '@torcedor/service-kit/entitlement';

/** Keys as data for the ai table (../../README.md lists the entities and access patterns). */
export const keys = {
  member: memberPK,
  /** The answers a member used on a UTC day (the free daily quota of recommendations). */
  usage: (userId: string, day: string) => ({ PK: memberPK(userId), SK: `USAGE#${day}` }),
  /** The member's entitlement copy, kept by the kit (service-kit/entitlement.ts). */
  entitlement: entitlementKey,
  /** Counters of answers per clock hour and per UTC day (the abuse limits), next to the daily quota. */
  rateHour: (userId: string, hour: string) => ({ PK: memberPK(userId), SK: `RATE#HOUR#${hour}` }),
  rateDay: (userId: string, day: string) => ({ PK: memberPK(userId), SK: `RATE#DAY#${day}` }),

  /** A chat's turns live in the member's partition (so export and deletion cover them), one item per turn. */
  chatTurnPrefix: (sessionId: string) => `CHAT#${sessionId}#`,
  chatTurn: (userId: string, sessionId: string, at: string, role: 'user' | 'assistant') => ({ PK: memberPK(userId), SK: `CHAT#${sessionId}#${at}#${role === 'user' ? 0 : 1}` }),

  /** The catalog copy (humidor's CatalogCigarsChanged): one partition, read whole by a Query. */
  catalog: 'CATALOG',
  catalogCigar: (cigarId: string) => ({ PK: 'CATALOG', SK: `CIGAR#${cigarId}` }),
  /** A cigar's community rating and photos (humidor's CigarCommunityChanged), read by key beside the catalog. */
  cigarCommunity: (cigarId: string) => ({ PK: `COMMUNITY#${cigarId}`, SK: 'COMMUNITY' }),

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
