import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';

export const getEvents = () => apiCall(routes.getEvents);

/** The events list; the feed shows the first few upcoming ones. */
export const upcomingEventsQuery = queryOptions({ queryKey: ['events'] as const, queryFn: getEvents });

export const useUpcomingEvents = () => useSuspenseQuery(upcomingEventsQuery).data;
