import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteResponse } from '@torcedor/shared/route';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { notificationsQuery } from './get-notifications';

/** Marks the given notifications read, or all of them when `ids` is undefined. */
export const markNotificationsRead = (ids?: string[]) => apiCall(routes.markNotificationsRead, { body: ids ? { ids } : {} });

type NotificationList = RouteResponse<typeof routes.getNotifications>;

/** Marks notifications read and updates the bell's cache at once with the server's new unread count. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    // A refresh under way would answer from before the marking: let the marking's answer win.
    onMutate: () => queryClient.cancelQueries({ queryKey: notificationsQuery.queryKey }),
    onSuccess: ({ unreadCount }, ids) => {
      const marked = ids ? new Set(ids) : null;
      queryClient.setQueryData<NotificationList>(notificationsQuery.queryKey, (old) => old && {
        unreadCount,
        items: old.items.map((n) => (!n.read && (!marked || marked.has(n.id)) ? { ...n, read: true } : n)),
      });
    },
  });
}
