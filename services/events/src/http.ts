import { createHttpHandler } from '@torcedor/service-kit/http';
import { eventsRoutes } from '@torcedor/shared/routes/events';
import * as events from './handlers/events.ts';
import { getEventCalendar } from './handlers/ics.ts';
import { exportEvents } from './handlers/members.ts';
import { rsvp } from './handlers/rsvps.ts';

/** The events service's routes, each to its handler (services/events/README.md). */
export const handler = createHttpHandler(eventsRoutes, {
  getEvents: events.getEvents,
  getEvent: events.getEvent,
  createEvent: events.createEvent,
  updateEvent: events.updateEvent,
  cancelEvent: events.cancelEvent,
  rsvp,
  getEventCalendar,
  exportEvents,
});
