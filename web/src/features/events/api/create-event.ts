import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBodyInput } from '@torcedor/shared/route';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { eventKeys } from '@/lib/api/get-events';

/** POST /api/events: hosts an event (every event is restricted to adults of legal smoking age). */
export const createEvent = (body: RouteBodyInput<typeof routes.createEvent>) => apiCall(routes.createEvent, { body });

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createEvent, onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.list }) });
}
