import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { EventType } from '@torcedor/shared/schemas/events';
import * as z from 'zod';
import { upcomingEventsQuery } from '@/lib/api/get-events';
import { EventsPage, type EventsSearch } from '@/features/events/components/events-page';

/** `q` (title or description) and `type` filter the list; a default (empty search, all types) is left out of the URL. */
const Search = z.object({
  q: z.string().max(100).optional().catch(undefined).transform((v) => v || undefined),
  type: EventType.optional().catch(undefined),
});

/** `/events`, the list (an event's page, `/events/$id`, is its own route: events_.$id.tsx). */
export const Route = createFileRoute('/_authenticated/events')({
  validateSearch: Search,
  loader: ({ context: { queryClient } }) => queryClient.ensureInfiniteQueryData(upcomingEventsQuery),
  component: EventsRoute,
});

function EventsRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const change = (next: EventsSearch) =>
    void navigate({ search: { q: next.q || undefined, type: next.type }, replace: true, resetScroll: false });
  return <EventsPage search={search} onSearchChange={change} />;
}
