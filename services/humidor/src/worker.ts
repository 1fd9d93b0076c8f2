import { createWorker } from '@torcedor/service-kit/worker';
import { applyEntitlementCopy } from '@torcedor/service-kit/entitlement';
import { markRevoked } from '@torcedor/service-kit/revocation';
import { deleteMember } from './data/member.ts';

export const handler = createWorker('humidor', {
  events: {
    SessionRevoked: markRevoked,
    EntitlementChanged: applyEntitlementCopy,
    UserDeleted: async ({ userId }) => deleteMember(userId),
  },
  schedules: {},
});
