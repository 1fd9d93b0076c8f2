import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import type { RsvpStatus } from '@torcedor/shared/schemas/events';
import { ApiError, apiCall } from '@/lib/api-client';
import { eventKeys, putEvent } from './get-events';

/** POST /api/events/{id}/rsvp: the member's answer; answers the event as the member now sees it. */
export const rsvpEvent = ({ id, status }: { id: string; status: RsvpStatus }) => apiCall(routes.rsvp, { params: { id }, body: { status } });

/** 409 EVENT_FULL: the seats are taken and the member is now on the waitlist (the message says where). */
export const isEventFull = (err: unknown) => err instanceof ApiError && err.body?.code === 'EVENT_FULL';

/**
 * The RSVP mutation, shared by the events pages and the home feed. Success puts the answered event into every
 * cached copy and refreshes them (attendees, counters); EVENT_FULL refreshes them too, since the member did join
 * the waitlist and the event now shows their place.
 */
export function useRsvpEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rsvpEvent,
    onSuccess: (event) => {
      putEvent(queryClient, event);
      return queryClient.invalidateQueries({ queryKey: eventKeys.all, refetchType: 'all' });
    },
    onError: (err) => (isEventFull(err) ? queryClient.invalidateQueries({ queryKey: eventKeys.all }) : undefined),
  });
}
