/**
 * Query keys of the member's collection, shared by the features that read or change it (the humidor page
 * reads them; search adds to them), so a mutation in one invalidates the other's reads without importing it.
 */
export const collectionKeys = {
  all: ['collection'] as const,
  humidor: ['collection', 'humidor'] as const,
  summary: ['collection', 'summary'] as const,
  wishlist: ['collection', 'wishlist'] as const,
  conditions: ['collection', 'conditions'] as const,
};
