import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { messageKeys } from '@/lib/message-cache';
import { blockedQuery } from './list-blocked';

/** DELETE /api/members/{id}/block: unblocks a member. */
export const unblockMember = (id: string) => apiCall(routes.unblockMember, { params: { id } });

/** The member leaves the blocked list at once; their profile and thread are read afresh when next opened. */
export function useUnblockMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockMember,
    onSuccess: (_r, id) => {
      queryClient.setQueryData(blockedQuery.queryKey, (old) => old && { items: old.items.filter((m) => m.id !== id) });
      queryClient.removeQueries({ queryKey: ['profile', id] });
      void queryClient.invalidateQueries({ queryKey: messageKeys.thread(id) });
    },
  });
}
