import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { removeCachedPost } from './post-cache';

/** DELETE /api/posts/{id}: the member's own post. */
export const deletePost = (id: string) => apiCall(routes.deletePost, { params: { id } });

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePost, onSuccess: (_ok, id) => removeCachedPost(queryClient, id) });
}
