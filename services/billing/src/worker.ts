import { createWorker } from '@torcedor/service-kit/worker';
import { markRevoked } from '@torcedor/service-kit/revocation';
import { deleteAccount, startTrial } from './domain/subscriptions.ts';

export const handler = createWorker('billing', {
  events: {
    SessionRevoked: markRevoked,
    UserDeleted: async ({ userId }) => deleteAccount(userId),
    UserRegistered: async ({ userId, kind, trialEndsAt }) => {
      if (kind !== 'trial' || !trialEndsAt) return;
      await startTrial(userId, trialEndsAt);
    },
  },
  schedules: {},
});
