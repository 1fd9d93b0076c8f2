import { createHttpHandler } from '@torcedor/service-kit/http';
import { exportMember } from './data/member.ts';
import { getSubscription } from './data/subscriptions.ts';
import { toStatus } from './domain/status.ts';

export const handler = createHttpHandler('billing', {
  getSubscriptionStatus: async ({ session }) => toStatus(await getSubscription(session.userId), new Date()),
  exportBilling: async ({ session }) => exportMember(session.userId),
});
