import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { currentUserQuery } from '@/lib/current-user';

/** POST /api/follow/{id} or DELETE /api/follow/{id}: follows a suggested member, or stops; answers the edge. */
export const followMember = ({ id, follow }: { id: string; follow: boolean }) =>
  apiCall(follow ? routes.follow : routes.unfollow, { params: { id } });

/** The member's following count changes: their record is read again. */
export function useFollowMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: followMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  });
}
