import { applyEntitlementCopy } from '@torcedor/service-kit/entitlement';
import { markRevoked } from '@torcedor/service-kit/revocation';
import { createWorker } from '@torcedor/service-kit/worker';
import { deleteMember } from './data/member.ts';
import { moveStartedEvents } from './data/past.ts';
import { applyProfile } from './data/profiles.ts';

export const handler = createWorker('events', {
  events: {
    UserProfileChanged: async (p) => {
      await applyProfile(p);
    },
    EntitlementChanged: applyEntitlementCopy,
    SessionRevoked: markRevoked,
    UserDeleted: async ({ userId }) => deleteMember(userId),
  },
  schedules: {
    past_events_update: async () => {
      await moveStartedEvents();
    },
  },
});
