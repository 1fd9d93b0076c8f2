import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { fallbackPoll, useLiveStatus } from '@/lib/live-status';
import { messageKeys } from '@/lib/message-cache';

/** GET /api/messages/unread: the member's unread direct messages, in all (the header's badge). */
export const getUnreadMessages = () => apiCall(routes.getUnreadMessages);

export const unreadMessagesQuery = queryOptions({ queryKey: messageKeys.unread, queryFn: getUnreadMessages });

/**
 * The unread count, read only when `enabled` (a signed-in member). The live socket keeps it current; while it is down
 * the count is polled (docs/architecture.md, "Live delivery").
 */
export function useUnreadMessages(enabled: boolean) {
  const live = useLiveStatus();
  return useQuery({ ...unreadMessagesQuery, enabled, refetchInterval: fallbackPoll(live), refetchIntervalInBackground: false });
}
