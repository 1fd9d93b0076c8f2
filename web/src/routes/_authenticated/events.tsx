import { createFileRoute } from '@tanstack/react-router';
import { eventsQuery } from '@/lib/api/get-events';
import { EventsPage } from '@/features/events/components/events-page';

export const Route = createFileRoute('/_authenticated/events')({
  loader: ({ context }) => context.queryClient.ensureQueryData(eventsQuery),
  component: EventsPage,
});
