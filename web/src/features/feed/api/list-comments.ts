import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { feedKeys } from './feed-keys';

/** GET /api/posts/{id}/comments: the post's comments, oldest first, and its comment total. */
export const listComments = (postId: string) => apiCall(routes.listComments, { params: { id: postId } });

export const commentsQuery = (postId: string) => queryOptions({ queryKey: feedKeys.comments(postId), queryFn: () => listComments(postId) });

/** Not suspending: a failed read shows in the panel (with a retry), not as the page's error. */
export const useComments = (postId: string) => useQuery(commentsQuery(postId));
