import { createHttpHandler } from '@torcedor/service-kit/http';
import { cancelSubscription, confirmLocalPayment, createSubscription, exportBilling, getSubscriptionStatus } from './handlers/subscription.ts';
import { billingWebhook } from './handlers/webhook.ts';

export const handler = createHttpHandler('billing', {
  getSubscriptionStatus,
  createSubscription,
  cancelSubscription,
  billingWebhook,
  confirmLocalPayment,
  exportBilling,
});
