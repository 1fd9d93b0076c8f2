import { queryOptions } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { aiKeys } from './ai-keys';

/** GET /api/chatbot/sessions/{sessionId}: the turns the server kept of one of the member's chats, oldest first. */
export const getChatHistory = (sessionId: string) => apiCall(routes.getChatHistory, { params: { sessionId } });

/**
 * A chat's turns as the server kept them, read when the page opens (a reload, another tab): never fresher than the
 * server, so it is read again on every mount; the page keeps the live chat in its own state meanwhile.
 */
export const chatHistoryQuery = (sessionId: string) =>
  queryOptions({ queryKey: [...aiKeys.all, 'chat', sessionId] as const, queryFn: () => getChatHistory(sessionId), staleTime: 0 });
