import { createWorker, publish } from '@torcedor/service-kit/events';
import { markRevoked } from '@torcedor/service-kit/revocation';
import { deleteMember } from './data/member.ts';
import { getSubscription, startTrialOnce } from './data/subscriptions.ts';

export const handler = createWorker('billing', {
  events: {
    SessionRevoked: markRevoked,
    UserDeleted: async ({ userId }) => deleteMember(userId),
    UserRegistered: async ({ userId, kind, trialEndsAt }) => {
      if (kind !== 'trial' || !trialEndsAt) return;
      await startTrialOnce(userId, trialEndsAt);
      // Always announce the stored state: a redelivery after a crash between the write and the
      // publish still tells the other services; their copies ignore versions they already have.
      const s = await getSubscription(userId);
      await publish('EntitlementChanged', { userId, version: s.version, tier: s.plan, until: s.currentPeriodEnd });
    },
  },
  schedules: {},
});
