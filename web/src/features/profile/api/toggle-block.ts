import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { currentUserQuery } from '@/lib/current-user';
import { messageKeys } from '@/lib/message-cache';
import { profileKeys } from './profile-keys';

export const blockMember = (id: string) => apiCall(routes.blockMember, { params: { id } });
export const unblockMember = (id: string) => apiCall(routes.unblockMember, { params: { id } });

/**
 * Block or unblock a member (`block: true` blocks; docs/product.md, "Blocking"). What the block changes is read again:
 * their profile, posts and reviews; the member's own counts (follows between them end); the thread with them.
 */
export function useToggleBlock(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ block }: { block: boolean }) => (block ? blockMember(id) : unblockMember(id)),
    onSuccess: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: profileKeys.member(id) }),
      queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: messageKeys.thread(id) }),
      queryClient.invalidateQueries({ queryKey: messageKeys.conversations }),
    ]),
  });
}
