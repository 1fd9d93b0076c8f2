import { applyEntitlementCopy } from '@torcedor/service-kit/entitlement';
import { markRevoked } from '@torcedor/service-kit/revocation';
import { createWorker } from '@torcedor/service-kit/worker';
import { pastEventsUpdate, profileChanged, userDeleted } from './handlers/consumers.ts';

/** The events service's consumers of the bus's events and its schedule. */
export const handler = createWorker('events', {
  events: {
    UserProfileChanged: profileChanged,
    EntitlementChanged: applyEntitlementCopy,
    SessionRevoked: markRevoked,
    UserDeleted: userDeleted,
  },
  schedules: {
    past_events_update: pastEventsUpdate,
  },
});
