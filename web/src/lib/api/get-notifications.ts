import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';

/** The bell refreshes this often while the tab is visible (TanStack Query pauses intervals in a hidden tab). */
export const NOTIFICATIONS_POLL_MS = 60_000;

export const getNotifications = () => apiCall(routes.getNotifications);

/** The bell: the member's latest notifications and the unread count. */
export const notificationsQuery = queryOptions({
  queryKey: ['notifications'] as const,
  queryFn: getNotifications,
  refetchInterval: NOTIFICATIONS_POLL_MS,
  refetchIntervalInBackground: false,
});

/** The bell's notifications, fetched only when `enabled` (a signed-in member). */
export const useNotifications = (enabled: boolean) => useQuery({ ...notificationsQuery, enabled });
