import { logger } from '@torcedor/service-kit/logger';
import type { Community } from '../domain/catalog.ts';
import { communityOfCigars } from '../store/catalog.ts';

/**
 * How long a search or a band scan waits for the cigars' current rating and photos. They are what the community added
 * since the instance's index was built: past this (the database slow or down) the answer keeps the index's own, so
 * search still answers from the instance in an outage (the service README, "Search cards and the band scan's matches").
 */
export const COMMUNITY_BUDGET_MS = 400;

/**
 * The current rating, review count and photos of these cigars, by id; empty when they do not come within the budget or
 * the read fails (the caller keeps what it holds). A late read is left to finish, its failure logged.
 */
export async function currentCommunity(ids: readonly string[]): Promise<Map<string, Community>> {
  if (!ids.length) return new Map();
  const read = communityOfCigars(ids).catch((err: unknown) => {
    logger.warn('cigars\u2019 community not read: the index\u2019s is shown', { error: err as Error });
    return new Map<string, Community>();
  });
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Map<string, Community>>((resolve) => { timer = setTimeout(() => resolve(new Map()), COMMUNITY_BUDGET_MS); });
  try {
    return await Promise.race([read, late]);
  } finally {
    clearTimeout(timer);
  }
}
