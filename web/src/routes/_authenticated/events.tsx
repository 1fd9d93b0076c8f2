import { createFileRoute, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import { EVENT_TYPES } from '@torcedor/shared/constants';
import { upcomingEventsQuery } from '@/lib/api/get-events';
import { EventsPage, type EventsSearch } from '@/features/events/components/events-page';
import { oneOf, text } from '@/lib/search-params';

/** `q` (title or description) and `type` filter the list; a default (empty search, all types) is left out of the URL. */
const validateSearch = (s: EventsSearch & SearchSchemaInput): EventsSearch => ({ q: text(s.q, 100), type: oneOf(s.type, EVENT_TYPES) });

/** `/events`, the list (an event's page, `/events/$id`, is its own route: events_.$id.tsx). */
export const Route = createFileRoute('/_authenticated/events')({
  validateSearch,
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
