import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { eventKeys } from '@/lib/api/get-events';

/** DELETE /api/events/{id}: the host cancels the event (attendees are notified). */
export const cancelEvent = (id: string) => apiCall(routes.cancelEvent, { params: { id } });

export function useCancelEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelEvent,
    onSuccess: (_ok, id) => {
      queryClient.removeQueries({ queryKey: eventKeys.detail(id) });
      // The list is not on screen here: refetch it anyway, so the page we go back to no longer shows the event.
      return queryClient.invalidateQueries({ queryKey: eventKeys.list, refetchType: 'all' });
    },
  });
}
