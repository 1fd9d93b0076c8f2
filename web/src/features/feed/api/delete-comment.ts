import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteResponse } from '@torcedor/shared/route';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { feedKeys } from './feed-keys';
import { updateCachedPost } from './post-cache';

/** DELETE /api/posts/{id}/comments/{commentId}: the member's own comment. */
export const deleteComment = ({ postId, commentId }: { postId: string; commentId: string }) =>
  apiCall(routes.deleteComment, { params: { id: postId, commentId } });

type CommentList = RouteResponse<typeof routes.listComments>;

/** Takes the comment out of the post's list and off the cached post's count. */
export function useDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: (_ok, { postId, commentId }) => {
      let total: number | undefined;
      queryClient.setQueryData<CommentList>(feedKeys.comments(postId), (list) => {
        if (!list) return list;
        const items = list.items.filter((c) => c.id !== commentId);
        total = Math.max(0, list.commentCount - (list.items.length - items.length));
        return { items, commentCount: total };
      });
      updateCachedPost(queryClient, postId, (p) => ({ ...p, commentCount: total ?? Math.max(0, p.commentCount - 1) }));
    },
  });
}
