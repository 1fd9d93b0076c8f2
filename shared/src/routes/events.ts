import * as z from 'zod';
import { route, type RouteDef } from '../route.ts';
import { IdParams, Ok } from '../schemas/common.ts';
import { ClubEvent, EventCalendarQuery, EventDetail, EventForm, EventList, EventsQuery, RsvpBody } from '../schemas/events.ts';
import { exportPart } from './export-part.ts';

/** The events service: creating, discovering, RSVPs with exact capacity and a waitlist, calendars. */
export const eventsRoutes = {
  getEvents: route({
    method: 'GET', path: '/api/events', service: 'events', access: 'member', query: EventsQuery,
    summary: "Upcoming events, soonest first, a page at a time, each with the caller's RSVP; and the count of past ones", response: EventList,
  }),
  getEvent: route({
    method: 'GET', path: '/api/events/{id}', service: 'events', access: 'member',
    summary: "An event with the caller's RSVP and the attendees the caller may see", params: IdParams, response: EventDetail,
  }),
  createEvent: route({
    method: 'POST', path: '/api/events', service: 'events', access: 'member', status: 201, idempotent: true,
    summary: 'Host an event (every event is restricted to adults of legal smoking age)', body: EventForm, response: ClubEvent,
    errors: ['HOSTING_LIMIT', 'EMAIL_UNVERIFIED'],
  }),
  updateEvent: route({
    method: 'PUT', path: '/api/events/{id}', service: 'events', access: 'member',
    summary: "Edit one's own event (attendees are notified)", params: IdParams, body: EventForm, response: ClubEvent,
    errors: ['EVENT_STARTED', 'EVENT_FULL'],
  }),
  cancelEvent: route({
    method: 'DELETE', path: '/api/events/{id}', service: 'events', access: 'member',
    summary: "Cancel one's own event (attendees are notified)", params: IdParams, response: Ok,
  }),
  rsvp: route({
    method: 'POST', path: '/api/events/{id}/rsvp', service: 'events', access: 'member',
    summary: "Answer going, interested or not going; 'going' on a full event joins the waitlist (409 EVENT_FULL)", params: IdParams,
    body: RsvpBody, response: ClubEvent,
    errors: ['EVENT_FULL', 'EVENT_STARTED', 'EMAIL_UNVERIFIED'],
  }),
  getEventCalendar: route({
    method: 'GET', path: '/api/events/{id}/ics', service: 'events', access: 'member', text: 'calendar',
    summary: 'The event as an iCalendar file (RFC 5545) for any calendar app, its own words in `lang` (else Accept-Language)',
    params: IdParams, query: EventCalendarQuery, response: z.string(),
  }),
  exportEvents: exportPart('events', '/api/export/events'),
} satisfies Record<string, RouteDef>;
