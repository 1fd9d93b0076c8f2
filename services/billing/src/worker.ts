import { createWorker } from '@torcedor/service-kit/worker';
import { markRevoked } from '@torcedor/service-kit/revocation';
import { userDeleted, userRegistered } from './handlers/consumers.ts';

export const handler = createWorker('billing', {
  events: {
    SessionRevoked: markRevoked,
    UserDeleted: userDeleted,
    UserRegistered: userRegistered,
  },
  schedules: {},
});
