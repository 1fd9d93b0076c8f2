import { infiniteQueryOptions, useSuspenseInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { EVENTS_PAGE_SIZE } from '@torcedor/shared/constants';
import { routes } from '@torcedor/shared/routes';
import type { ClubEvent, EventDetail } from '@torcedor/shared/schemas/events';
import type * as z from 'zod';
import { apiCall } from '@/lib/api-client';

type EventList = Awaited<ReturnType<typeof getEvents>>;

/** Every events cache entry sits under `['events']`, so one invalidation refreshes the list and the open event alike. */
export const eventKeys = {
  all: ['events'] as const,
  list: ['events', 'list'] as const,
  detail: (id: string) => ['events', 'detail', id] as const,
};

/** GET /api/events: one page of upcoming events, soonest first (and the past count); `cursor` reads the next page. */
export const getEvents = (cursor?: string) => apiCall(routes.getEvents, { query: { limit: EVENTS_PAGE_SIZE, cursor } });

/**
 * The club's upcoming events, a page at a time: one definition (one cache entry) for every reader, the events
 * page and the home feed's upcoming events alike, so features share it without importing each other.
 */
export const upcomingEventsQuery = infiniteQueryOptions({
  queryKey: eventKeys.list,
  queryFn: ({ pageParam }) => getEvents(pageParam),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

export const useEvents = () => useSuspenseInfiniteQuery(upcomingEventsQuery);

/** The loaded upcoming events, in page order. */
export const upcomingOf = (data: InfiniteData<EventList>): ClubEvent[] => data.pages.flatMap((p) => p.upcoming);

/** Puts a changed event (as the server answered it) into every cached copy: the list's pages and its own page. */
export function putEvent(queryClient: QueryClient, event: ClubEvent): void {
  queryClient.setQueryData(upcomingEventsQuery.queryKey, (old) =>
    old ? { ...old, pages: old.pages.map((p) => ({ ...p, upcoming: p.upcoming.map((e) => (e.id === event.id ? event : e)) })) } : old);
  queryClient.setQueryData<z.infer<typeof EventDetail>>(eventKeys.detail(event.id), (old) => (old ? { ...old, ...event } : old));
}
