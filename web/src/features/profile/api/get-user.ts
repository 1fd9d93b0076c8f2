import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

export const getUser = (id: string) => apiCall(routes.getUser, { params: { id } });

/** Another member's public profile (privacy settings honoured by the server). */
export const userProfileQuery = (id: string) => queryOptions({ queryKey: profileKeys.user(id), queryFn: () => getUser(id) });

export const useUserProfile = (id: string) => useSuspenseQuery(userProfileQuery(id)).data;
