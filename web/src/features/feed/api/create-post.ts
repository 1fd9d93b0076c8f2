import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBodyInput } from '@torcedor/shared/route';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { feedKeys } from './feed-keys';

/** POST /api/posts: a text post, or an 'image' post carrying an uploaded picture's objectPath. */
export const createPost = (body: RouteBodyInput<typeof routes.createPost>) => apiCall(routes.createPost, { body });

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPost, onSuccess: () => queryClient.invalidateQueries({ queryKey: feedKeys.home }) });
}
