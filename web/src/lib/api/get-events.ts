import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';

export const getEvents = () => apiCall(routes.getEvents);

/**
 * The club's events: one definition (one cache entry) for every reader, the events page and the home
 * feed's upcoming events alike, so features share it without importing each other.
 */
export const eventsQuery = queryOptions({ queryKey: ['events'] as const, queryFn: getEvents });

export const useEvents = () => useSuspenseQuery(eventsQuery).data;
