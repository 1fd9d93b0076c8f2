import type { QueryClient } from '@tanstack/react-query';
import { aiProfileQuery } from './get-ai-profile';
import { aiUsageQuery } from './get-ai-usage';
import { quickPicksQuery } from './get-quick-picks';
import { smokeNextQuery } from './get-smoke-next';
import { smokingHistoryQuery } from './get-smoking-history';

/**
 * The recommendations page's reads. The page waits for the usage (the banner) only; the side cards and the smoking
 * history load behind it. On entering the page (not on a link's preload), reads already cached are read again in the
 * background: they follow the member's reviews and humidor, which other screens change without knowing these keys,
 * and the usage count starts afresh each UTC day.
 */
export async function loadRecommendations(queryClient: QueryClient, { refresh }: { refresh: boolean }): Promise<void> {
  const reads = [aiUsageQuery, aiProfileQuery, quickPicksQuery, smokeNextQuery, smokingHistoryQuery] as const;
  for (const { queryKey } of reads) {
    if (refresh && queryClient.getQueryState(queryKey)?.status === 'success') void queryClient.refetchQueries({ queryKey, exact: true });
  }
  void queryClient.prefetchQuery(aiProfileQuery);
  void queryClient.prefetchQuery(quickPicksQuery);
  void queryClient.prefetchQuery(smokeNextQuery);
  void queryClient.prefetchQuery(smokingHistoryQuery);
  await queryClient.ensureQueryData(aiUsageQuery);
}
