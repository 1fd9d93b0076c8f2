import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { updateCachedPost } from './post-cache';

/** POST /api/posts/{id}/like: likes the post, or takes the like back; answers the new state. */
export const toggleLike = (id: string) => apiCall(routes.toggleLike, { params: { id } });

/** Not optimistic: the cached post changes only with the server's answer. */
export function useToggleLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleLike,
    onSuccess: ({ liked, likeCount }, id) => updateCachedPost(queryClient, id, (p) => ({ ...p, likedByMe: liked, likeCount })),
  });
}
