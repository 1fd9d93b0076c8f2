/** Keys as data for the humidor table (see ../README.md). */
export const keys = {
  member: (userId: string) => `MEMBER#${userId}`,
  item: (userId: string, itemId: string) => ({ PK: `MEMBER#${userId}`, SK: `ITEM#${itemId}` }),
  itemPrefix: 'ITEM#',
};
