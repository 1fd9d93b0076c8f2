import type { QueryClient } from '@tanstack/react-query';
import { currentUserQuery } from '@/lib/current-user';
import { savedChatSession } from '../saved-chat';
import { aiProfileQuery } from './get-ai-profile';
import { aiUsageQuery } from './get-ai-usage';
import { chatHistoryQuery } from './get-chat-history';
import { quickPicksQuery } from './get-quick-picks';
import { smokeNextQuery } from './get-smoke-next';
import { smokingHistoryQuery } from './get-smoking-history';

/**
 * The recommendations page's reads. The page waits for the usage (the banner) only; the side cards and the smoking
 * history load behind it. On entering the page (not on a link's preload), reads already cached are read again in the
 * background: they follow the member's reviews and humidor, which other screens change without knowing these keys,
 * and the usage count starts afresh each UTC day. The chat the member was in is read back beside them.
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
  const user = queryClient.getQueryData(currentUserQuery.queryKey);
  const chat = user ? savedChatSession(user.id) : null;
  if (chat) void queryClient.prefetchQuery(chatHistoryQuery(chat));
  await queryClient.ensureQueryData(aiUsageQuery);
}
