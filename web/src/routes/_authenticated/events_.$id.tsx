import { createFileRoute, notFound } from '@tanstack/react-router';
import { eventQuery } from '@/features/events/api/get-event';
import { EventNotFound, EventPage } from '@/features/events/components/event-page';
import { ApiError } from '@/lib/api-client';

/** What the event read answers for an unknown (or cancelled) event (400: an id that cannot be one). */
const isMissing = (e: unknown) => e instanceof ApiError && (e.status === 404 || e.status === 400);

export const Route = createFileRoute('/_authenticated/events_/$id')({
  loader: async ({ context: { queryClient }, params: { id } }) => {
    try {
      await queryClient.ensureQueryData(eventQuery(id));
    } catch (e) {
      // No such event: this route's not-found, not an error screen.
      throw isMissing(e) ? notFound() : e;
    }
  },
  notFoundComponent: EventNotFound,
  component: Event,
});

function Event() {
  const { id } = Route.useParams();
  return <EventPage key={id} id={id} />;
}
