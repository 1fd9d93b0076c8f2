import { memberPK } from '@torcedor/service-kit/ddb';
import { entitlementKey } from '@torcedor/service-kit/entitlement';

/** Keys as data for the events table (services/events/README.md lists the entities and access patterns). */
export const keys = {
  event: (eventId: string) => ({ PK: `EVENT#${eventId}`, SK: 'EVENT' }),
  eventPartition: (eventId: string) => `EVENT#${eventId}`,
  rsvp: (eventId: string, userId: string) => ({ PK: `EVENT#${eventId}`, SK: `RSVP#${userId}` }),
  /**
   * A waitlist entry: premium members (tier 0) sort ahead of free ones (tier 1), then arrival order, so the
   * first entry of the partition's `WAIT#` range is the next one promoted.
   */
  waitSk: (premium: boolean, at: string, userId: string) => `WAIT#${premium ? 0 : 1}#${at}#${userId}`,
  wait: (eventId: string, sk: string) => ({ PK: `EVENT#${eventId}`, SK: sk }),
  /** GSI1: every event not yet counted past, on one timeline sorted by start time. */
  timelinePK: 'EVENTS',
  /** GSI1: the events counted past (store/past.ts moves them here from `EVENTS`), by start time. */
  pastTimelinePK: 'EVENTS#PAST',
  /** The count of the events in `EVENTS#PAST` (store/past.ts). */
  pastCount: { PK: 'STATS', SK: 'PAST' },
  timelineSK: (startAt: string, eventId: string) => `${startAt}#${eventId}`,
  /** GSI2: what a member holds here (RSVPs, hosted events). */
  memberPK,
  /** Read copy of a member's name, picture and profile visibility (identity's UserProfileChanged). */
  profile: (userId: string) => ({ PK: memberPK(userId), SK: 'PROFILE' }),
  /** Read copy of a member's plan (billing's EntitlementChanged, kept by the kit: `applyEntitlementCopy`). */
  entitlement: entitlementKey,
  /** The events a member hosts that have not ended, with their ends: the free plan's hosting limit (store/hosting.ts). */
  hosting: (userId: string) => ({ PK: memberPK(userId), SK: 'HOSTING' }),
};
