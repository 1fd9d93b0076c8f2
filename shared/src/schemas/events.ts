import * as z from 'zod';
import { EVENT_CAPACITY_MIN, EVENT_DESCRIPTION_MAX_LENGTH, EVENT_TITLE_MAX_LENGTH, EVENT_TYPES, EVENTS_PAGE_MAX, EVENTS_PAGE_SIZE, LANGUAGES } from '../constants.ts';
import { Id } from './common.ts';
import { plainText } from './text.ts';

export const EventType = z.enum(EVENT_TYPES, { message: 'Please choose an event type' });
export type EventType = z.infer<typeof EventType>;
/** What a member answers; `going` on a full event puts them on the waitlist instead. */
export const RsvpStatus = z.enum(['going', 'interested', 'not_going']);
export type RsvpStatus = z.infer<typeof RsvpStatus>;

const optionalText = (max: number, what: string, kind: 'line' | 'multiline' = 'line') =>
  plainText(kind).trim().max(max, `${what} can be at most ${max} characters`).nullish().transform((v) => (v ? v : null));

/**
 * The event form (create and edit): title, type and start required; the start in the future and the end after
 * it; capacity a whole number from 1 or none. Every event is restricted to adults of legal smoking age.
 */
export const EventForm = z
  .strictObject({
    title: plainText().trim().min(1, 'Title is required').max(EVENT_TITLE_MAX_LENGTH, `Title can be at most ${EVENT_TITLE_MAX_LENGTH} characters`),
    description: optionalText(EVENT_DESCRIPTION_MAX_LENGTH, 'Description', 'multiline'),
    eventType: EventType,
    venueName: optionalText(120, 'Venue'),
    address: optionalText(300, 'Address'),
    startAt: z.iso.datetime({ offset: true, message: 'Start date and time are required' }),
    endAt: z.iso.datetime({ offset: true, message: 'End must be a date and time' }).nullish().transform((v) => v ?? null),
    capacity: z
      .number({ message: 'Capacity must be a number' })
      .int('Capacity must be a whole number')
      .min(EVENT_CAPACITY_MIN, `Capacity must be at least ${EVENT_CAPACITY_MIN}`)
      .max(100_000, 'Capacity can be at most 100,000')
      .nullish()
      .transform((v) => v ?? null),
    isAgeRestricted: z.literal(true, { message: 'All events are restricted to adults of legal smoking age' }).default(true),
  })
  .refine((e) => Date.parse(e.startAt) > Date.now(), { message: 'The start must be in the future', path: ['startAt'] })
  .refine((e) => e.endAt === null || Date.parse(e.endAt) > Date.parse(e.startAt), { message: 'The end must be after the start', path: ['endAt'] });
export type EventForm = z.input<typeof EventForm>;

export const ClubEvent = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  eventType: EventType,
  hostId: z.string(),
  hostName: z.string(),
  /** The host has premium benefits now (a paid plan or a running trial): the member badge by their name. */
  hostPremium: z.boolean(),
  venueName: z.string().nullable(),
  address: z.string().nullable(),
  startAt: z.string(),
  endAt: z.string().nullable(),
  capacity: z.number().int().positive().nullable(),
  attendingCount: z.number().int(),
  interestedCount: z.number().int(),
  waitlistCount: z.number().int(),
  isAgeRestricted: z.boolean(),
  /** The caller's answer (null: none yet). */
  rsvpStatus: RsvpStatus.nullable(),
  /** The caller's place on the waitlist (1 is next), or null. */
  waitlistPosition: z.number().int().positive().nullable(),
  isHost: z.boolean(),
});
export type ClubEvent = z.infer<typeof ClubEvent>;

/**
 * The .ics download's query: `lang`, the language the page is drawn in (a plain link carries the browser's
 * Accept-Language, which may not be the member's chosen language); without it, Accept-Language decides.
 */
export const EventCalendarQuery = z.strictObject({ lang: z.enum(LANGUAGES).optional() });

export const EventsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(EVENTS_PAGE_MAX).default(EVENTS_PAGE_SIZE),
  cursor: z.string().max(200).regex(/^[A-Za-z0-9_-]+$/, 'Invalid cursor').optional(),
});
/** Upcoming events, soonest first, a page at a time; `pastCount` counts events that have started. */
export const EventList = z.object({ upcoming: z.array(ClubEvent), pastCount: z.number().int(), nextCursor: z.string().nullable() });

export const Attendee = z.object({
  userId: z.string(), name: z.string(), imageUrl: z.string().nullable(),
  /** The member has premium benefits now: the member badge by their name. */
  premium: z.boolean(),
  status: z.enum(['going', 'interested']),
});
/** An event with the attendees the viewer may see (the host sees all; others see members with public profiles). */
export const EventDetail = ClubEvent.extend({ attendees: z.array(Attendee), hiddenAttendees: z.number().int().nonnegative() });

export const RsvpBody = z.strictObject({ status: RsvpStatus });
export const EventParams = z.object({ id: Id });
