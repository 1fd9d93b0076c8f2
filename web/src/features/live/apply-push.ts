import type { QueryClient } from '@tanstack/react-query';
import type { RouteResponse } from '@torcedor/shared/route';
import type { routes } from '@torcedor/shared/routes';
import type { LivePush } from '@torcedor/shared/live';
import { eventKeys } from '@/lib/api/get-events';
import { notificationsQuery } from '@/lib/api/get-notifications';
import { cacheMessage, cacheRemoved, cacheUnread, messageKeys } from '@/lib/message-cache';

type NotificationList = RouteResponse<typeof routes.getNotifications>;

/**
 * Updates the page's cached queries from one push (docs/architecture.md, "Live delivery"). Every change sets what the
 * push says (never counts up), so a push that arrives twice changes nothing the second time.
 */
export function applyPush(queryClient: QueryClient, push: LivePush): void {
  switch (push.type) {
    case 'message':
      cacheMessage(queryClient, push.memberId, push.message);
      return;
    case 'message_removed':
      cacheRemoved(queryClient, push.memberId, push.messageId);
      return;
    case 'messages_unread':
      cacheUnread(queryClient, push.count, push.memberId !== undefined && push.threadUnread !== undefined
        ? { memberId: push.memberId, unread: push.threadUnread } : undefined);
      return;
    case 'notifications': {
      const before = queryClient.getQueryData<NotificationList>(notificationsQuery.queryKey);
      if (!before || before.unreadCount === push.unreadCount) return;
      queryClient.setQueryData<NotificationList>(notificationsQuery.queryKey, { ...before, unreadCount: push.unreadCount });
      // More unread than the list holds: read it again so the bell shows the new ones.
      if (push.unreadCount > before.unreadCount) void queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });
      return;
    }
    case 'event':
      void queryClient.invalidateQueries({ queryKey: eventKeys.detail(push.eventId) });
      void queryClient.invalidateQueries({ queryKey: eventKeys.list });
      return;
  }
}

/** After the socket was down a while: what it may have missed is read again. */
export function refreshAfterGap(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: messageKeys.all });
  void queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });
}
