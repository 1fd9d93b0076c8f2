import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBodyInput, RouteResponse } from '@torcedor/shared/route';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { feedKeys } from './feed-keys';
import { updateCachedPost } from './post-cache';

/** POST /api/posts/{id}/comments. */
export const addComment = ({ postId, body }: { postId: string; body: RouteBodyInput<typeof routes.addComment> }) =>
  apiCall(routes.addComment, { params: { id: postId }, body });

type CommentList = RouteResponse<typeof routes.listComments>;

/** Appends the new comment to the post's list and counts it on the cached post. */
export function useAddComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addComment,
    onSuccess: (comment, { postId }) => {
      let total: number | undefined;
      queryClient.setQueryData<CommentList>(feedKeys.comments(postId), (list) => {
        if (!list) return list;
        total = list.commentCount + 1;
        return { items: [...list.items.filter((c) => c.id !== comment.id), comment], commentCount: total };
      });
      updateCachedPost(queryClient, postId, (p) => ({ ...p, commentCount: total ?? p.commentCount + 1 }));
    },
  });
}
