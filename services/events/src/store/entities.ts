import { entity } from '@torcedor/service-kit/entity';
import type { StoredEvent, StoredRsvp, WaitEntry } from '../domain/event.ts';
import type { HostingItem } from '../domain/hosting.ts';
import type { Profile } from '../domain/member.ts';
import { keys } from './keys.ts';

/** The events table's entities, each declared once (services/events/README.md has the table of them). */

/** An event: GSI1 the timeline of events not counted past (by start), GSI2 its host's items. */
export const events = entity<StoredEvent>({
  name: 'Event', key: keys.event,
  indexes: (e) => ({ GSI1: [keys.timelinePK, keys.timelineSK(e.startAt, e.id)], GSI2: [keys.memberPK(e.hostId), `EVENT#${e.id}`] }),
});

/** A member's answer to an event, in the event's partition; GSI2 the member's items. */
export const rsvps = entity<StoredRsvp, { eventId: string; userId: string }>({
  name: 'RSVP', key: ({ eventId, userId }) => keys.rsvp(eventId, userId),
  indexes: (r) => ({ GSI2: [keys.memberPK(r.userId), `RSVP#${r.eventId}`] }),
});

/** A waitlist entry, in the event's partition: its sort key (keys.waitSk) is the member's place. */
export const waitEntries = entity<WaitEntry, { eventId: string; sk: string }>({
  name: 'Waitlist entry', key: ({ eventId, sk }) => keys.wait(eventId, sk),
});

/** The copy of a member's name, picture and visibility (identity's UserProfileChanged, newest version wins). */
export const profiles = entity<Profile & { version: number }>({ name: 'Profile (copy)', key: keys.profile });

/** The copy of a member's plan, kept by the kit's `applyEntitlementCopy` (billing's EntitlementChanged). */
export const entitlements = entity<{ tier: string; until: string | null; version: number }>({ name: 'Entitlement (copy)', key: keys.entitlement });

/** A host's events that count for the free plan's hosting limit (domain/hosting.ts). */
export const hostings = entity<HostingItem>({ name: 'Hosting', key: keys.hosting });

/** The count of the events counted past (store/past.ts): one item. */
export const pastCount = entity<{ count: number }, null>({ name: 'Past-events count', key: () => keys.pastCount });
