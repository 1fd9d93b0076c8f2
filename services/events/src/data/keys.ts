import { memberPK } from '@torcedor/service-kit/ddb';

/** Keys as data for the events table (see ../README.md). */
export const keys = {
  event: (eventId: string) => ({ PK: `EVENT#${eventId}`, SK: 'EVENT' }),
  rsvp: (eventId: string, userId: string) => ({ PK: `EVENT#${eventId}`, SK: `RSVP#${userId}` }),
  /** GSI1: every event on one timeline, sorted by start time. */
  timelinePK: 'EVENTS',
  timelineSK: (startAt: string, eventId: string) => `${startAt}#${eventId}`,
  /** GSI2: what a member holds here (RSVPs, hosted events). */
  memberPK,
};
