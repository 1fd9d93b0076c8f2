import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { eventKeys } from '@/lib/api/get-events';

/** GET /api/events/{id}: the event with the caller's RSVP and the attendees the caller may see. */
export const getEvent = (id: string) => apiCall(routes.getEvent, { params: { id } });

export const eventQuery = (id: string) => queryOptions({ queryKey: eventKeys.detail(id), queryFn: () => getEvent(id) });

export const useEvent = (id: string) => useSuspenseQuery(eventQuery(id)).data;
