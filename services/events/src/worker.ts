import { createWorker } from '@torcedor/service-kit/worker';
import { markRevoked } from '@torcedor/service-kit/revocation';
import { deleteMember } from './data/member.ts';

export const handler = createWorker('events', {
  events: {
    SessionRevoked: markRevoked,
    UserDeleted: async ({ userId }) => deleteMember(userId),
  },
  schedules: {},
});
