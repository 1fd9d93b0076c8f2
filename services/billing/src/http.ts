import { createHttpHandler } from '@torcedor/service-kit/http';
import { exportMember } from './data/member.ts';
import {
  cancelSubscription, confirmLocalPayment, handleProviderEvent, startSubscription, subscriptionStatus,
} from './domain/subscriptions.ts';
import { paymentProvider } from './providers/index.ts';

export const handler = createHttpHandler('billing', {
  getSubscriptionStatus: async ({ session }) => subscriptionStatus(session.userId),
  createSubscription: async ({ session }) => startSubscription(session.userId),
  cancelSubscription: async ({ session }) => cancelSubscription(session.userId),
  billingWebhook: async ({ rawBody, event }) => {
    const verified = await (await paymentProvider()).verifyWebhook(rawBody, event.headers['stripe-signature']);
    const { duplicate } = await handleProviderEvent(verified);
    return { received: true as const, duplicate };
  },
  confirmLocalPayment: async ({ session, body }) => confirmLocalPayment(session.userId, body),
  exportBilling: async ({ session }) => exportMember(session.userId),
});
