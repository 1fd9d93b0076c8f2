import * as z from 'zod';

export const EventType = z.enum(['tasting', 'meetup', 'festival', 'masterclass']);
export const RsvpStatus = z.enum(['going', 'interested', 'not_going']);

export const ClubEvent = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  eventType: EventType,
  hostId: z.string(),
  hostName: z.string(),
  venueName: z.string().nullable(),
  address: z.string().nullable(),
  startAt: z.string(),
  endAt: z.string().nullable(),
  capacity: z.number().int().positive().nullable(),
  attendingCount: z.number().int(),
  isAgeRestricted: z.boolean(),
  rsvpStatus: RsvpStatus.nullable(),
});
export type ClubEvent = z.infer<typeof ClubEvent>;
export const EventList = z.object({ upcoming: z.array(ClubEvent), pastCount: z.number().int() });
