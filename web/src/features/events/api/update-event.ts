import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBodyInput } from '@torcedor/shared/route';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { eventKeys, putEvent } from '@/lib/api/get-events';

/** PUT /api/events/{id}: the host's edit (attendees are notified). */
export const updateEvent = ({ id, body }: { id: string; body: RouteBodyInput<typeof routes.updateEvent> }) =>
  apiCall(routes.updateEvent, { params: { id }, body });

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEvent,
    onSuccess: (event) => {
      putEvent(queryClient, event);
      return queryClient.invalidateQueries({ queryKey: eventKeys.all, refetchType: 'all' });
    },
  });
}
