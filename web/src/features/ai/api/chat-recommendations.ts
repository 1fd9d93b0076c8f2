import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBodyInput } from '@torcedor/shared/route';
import { routes } from '@torcedor/shared/routes';
import { ApiError, apiStream } from '@/lib/api-client';
import { aiUsageQuery } from './get-ai-usage';

export type RecommendationQuestion = RouteBodyInput<typeof routes.chatRecommendations>;

/**
 * POST /api/chatbot/recommendations/stream: a recommendation answer, its text given to `onDelta` as VitolAI writes
 * it (docs/api.md, "Streaming"); it counts against a free member's daily quota.
 */
export const chatRecommendations = ({ body, onDelta }: { body: RecommendationQuestion; onDelta: (text: string) => void }) =>
  apiStream(routes.streamRecommendations, { body }, onDelta);

/** True for the 429 of a free member's spent daily quota (code AI_DAILY_LIMIT). */
export const isDailyLimit = (error: unknown): boolean => error instanceof ApiError && error.status === 429 && error.body?.code === 'AI_DAILY_LIMIT';

/**
 * Asks for a recommendation. The answer carries today's usage, which the free-tier banner shows at once; a spent
 * quota reads the usage again (the page's count was behind: answers asked in another tab, say).
 */
export function useChatRecommendations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chatRecommendations,
    onSuccess: (answer) => queryClient.setQueryData(aiUsageQuery.queryKey, answer.usage),
    onError: (error) => (isDailyLimit(error) ? queryClient.invalidateQueries({ queryKey: aiUsageQuery.queryKey }) : undefined),
  });
}
