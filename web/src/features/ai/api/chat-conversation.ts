import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBodyInput } from '@torcedor/shared/route';
import { routes } from '@torcedor/shared/routes';
import { apiStream } from '@/lib/api-client';
import { aiUsageQuery } from './get-ai-usage';

export type ConversationMessage = RouteBodyInput<typeof routes.chatConversation>;

/**
 * POST /api/chatbot/conversation/stream: VitolAI's answer in a chat (the feed's widget), its text given to `onDelta`
 * as it is written; not counted against the quota.
 */
export const chatConversation = ({ body, onDelta }: { body: ConversationMessage; onDelta: (text: string) => void }) =>
  apiStream(routes.streamConversation, { body }, onDelta);

export function useChatConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chatConversation,
    // The answer carries today's usage too: a cached copy (the recommendations page's banner) stays current.
    onSuccess: (answer) => queryClient.setQueryData(aiUsageQuery.queryKey, (old) => (old ? answer.usage : old)),
  });
}
