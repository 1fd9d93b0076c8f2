import { createHttpHandler } from '@torcedor/service-kit/http';
import { billingRoutes } from '@torcedor/shared/routes/billing';
import { cancelSubscription, confirmLocalPayment, createSubscription, exportBilling, getSubscriptionStatus } from './handlers/subscription.ts';
import { billingWebhook } from './handlers/webhook.ts';

export const handler = createHttpHandler(billingRoutes, {
  getSubscriptionStatus,
  createSubscription,
  cancelSubscription,
  billingWebhook,
  confirmLocalPayment,
  exportBilling,
});
