/** Keys as data for the humidor table (see ../README.md). */
export const keys = {
  cigar: (id: string) => ({ PK: `CIGAR#${id}`, SK: 'CIGAR' }),
  brand: (id: string) => ({ PK: `BRAND#${id}`, SK: 'BRAND' }),
  lounge: (id: string) => ({ PK: `LOUNGE#${id}`, SK: 'LOUNGE' }),
  catalogVersion: { PK: 'CATALOG', SK: 'VERSION' },
  /** GSI2 partitions listing the whole catalog by kind (a Query, never a Scan). */
  catalogList: (kind: 'CIGAR' | 'BRAND' | 'LOUNGE') => `CATALOG#${kind}`,
  /** GSI1: a brand's cigars by name. */
  brandCigars: (brandId: string) => `BRAND#${brandId}`,

  member: (userId: string) => `MEMBER#${userId}`,
  item: (userId: string, itemId: string) => ({ PK: `MEMBER#${userId}`, SK: `ITEM#${itemId}` }),
  itemPrefix: 'ITEM#',
  wish: (userId: string, wishId: string) => ({ PK: `MEMBER#${userId}`, SK: `WISH#${wishId}` }),
  wishPrefix: 'WISH#',
  /** The member's totals: sticks (sum of quantities), items, wishes, and their version. */
  counts: (userId: string) => ({ PK: `MEMBER#${userId}`, SK: 'COUNTS' }),
};
