import { createWorker } from '@torcedor/service-kit/worker';
import { markRevoked } from '@torcedor/service-kit/revocation';
import { deleteMember } from './data/member.ts';
import { startTrialOnce } from './data/subscriptions.ts';

export const handler = createWorker('billing', {
  events: {
    SessionRevoked: markRevoked,
    UserDeleted: async ({ userId }) => deleteMember(userId),
    UserRegistered: async ({ userId, kind, trialEndsAt }) => {
      if (kind !== 'trial' || !trialEndsAt) return;
      await startTrialOnce(userId, trialEndsAt);
    },
  },
  schedules: {},
});
