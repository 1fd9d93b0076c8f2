/** Keys as data for the marketing table (see ../README.md). */
export const keys = {
  lead: (userId: string) => ({ PK: `LEAD#${userId}`, SK: 'LEAD' }),
  stats: { PK: 'STATS', SK: 'LEADS' },
  /** GSI1: leads by sign-up time; campaigns by creation time. */
  leadsByTime: 'LEADS',
  campaignsByTime: 'CAMPAIGNS',
  /** GSI2: leads by score. */
  leadsByScore: 'LEADS',
};
