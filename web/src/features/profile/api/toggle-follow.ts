import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import type { PublicProfile } from '@torcedor/shared/schemas/social';
import { apiCall } from '@/lib/api-client';
import { currentUserQuery } from '@/lib/current-user';
import { userProfileQuery } from './get-user';
import { profileKeys } from './profile-keys';

export const follow = (id: string) => apiCall(routes.follow, { params: { id } });
export const unfollow = (id: string) => apiCall(routes.unfollow, { params: { id } });

/**
 * Follow or unfollow a member (`follow: true` follows). The cached profile takes the answer's edge and follower
 * count; the signed-in member's following count changes, so their record is read again. A profile that was
 * restricted (followers only) may open up once followed, and one may close again on unfollow: it is read again
 * then, with the member's posts and reviews.
 */
export function useToggleFollow(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ follow: on }: { follow: boolean }) => (on ? follow(id) : unfollow(id)),
    onSuccess: (result) => {
      const key = userProfileQuery(id).queryKey;
      const before = queryClient.getQueryData<PublicProfile>(key);
      queryClient.setQueryData(key, (old) =>
        old ? { ...old, isFollowing: result.isFollowing, followersCount: result.followersCount, canFollow: !result.isFollowing } : old,
      );
      void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      if (before && (before.restricted || !result.isFollowing)) {
        void queryClient.invalidateQueries({ queryKey: profileKeys.member(id) });
      }
    },
  });
}
