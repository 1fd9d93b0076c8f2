import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { fallbackPoll, useLiveStatus } from '@/lib/live-status';

export const getNotifications = () => apiCall(routes.getNotifications);

/** The bell: the member's latest notifications and the unread count. */
export const notificationsQuery = queryOptions({
  queryKey: ['notifications'] as const,
  queryFn: getNotifications,
});

/**
 * The bell's notifications, fetched only when `enabled` (a signed-in member). The live socket pushes the unread count;
 * while it is down the list is polled while the tab is visible (docs/architecture.md, "Live delivery").
 */
export function useNotifications(enabled: boolean) {
  const live = useLiveStatus();
  return useQuery({ ...notificationsQuery, enabled, refetchInterval: fallbackPoll(live), refetchIntervalInBackground: false });
}
