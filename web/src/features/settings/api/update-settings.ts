import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import type { RouteBodyInput } from '@torcedor/shared/route';
import type { User } from '@torcedor/shared/schemas/identity';
import { apiCall } from '@/lib/api-client';
import { currentUserQuery } from '@/lib/current-user';

/**
 * The four settings saves of docs/product.md, "Calls". Each answers the saved member, who goes into the current-user
 * read at once (a new language applies without a reload: the member layout follows it, docs/i18n.md), and the read
 * is then refetched.
 */
const savers = {
  profile: (body: RouteBodyInput<typeof routes.updateProfile>) => apiCall(routes.updateProfile, { body }),
  privacy: (body: RouteBodyInput<typeof routes.updatePrivacy>) => apiCall(routes.updatePrivacy, { body }),
  notifications: (body: RouteBodyInput<typeof routes.updateNotifications>) => apiCall(routes.updateNotifications, { body }),
  preferences: (body: RouteBodyInput<typeof routes.updatePreferences>) => apiCall(routes.updatePreferences, { body }),
};
export type SettingsSection = keyof typeof savers;

export function useUpdateSettings<S extends SettingsSection>(section: S) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savers[section] as (body: Parameters<(typeof savers)[S]>[0]) => Promise<User>,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQuery.queryKey, user);
      return queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    },
  });
}
