import { route, type RouteDef } from '../route.ts';
import {
  CancelSubscriptionResult, CreateSubscriptionResult, LocalConfirmBody, LocalConfirmResult, SubscriptionStatus, WebhookAck,
} from '../schemas/billing.ts';
import { exportPart } from './export-part.ts';

/** Billing: the premium plan on the payment provider (Stripe, or the local provider without a key). */
export const billingRoutes = {
  getSubscriptionStatus: route({
    method: 'GET', path: '/api/subscription/status', service: 'billing', access: 'member',
    summary: "The member's plan and entitlement", response: SubscriptionStatus,
  }),
  createSubscription: route({
    method: 'POST', path: '/api/create-subscription', service: 'billing', access: 'member',
    summary: 'Start (or resume) the $9.99/month premium subscription: the client secret for the payment form',
    response: CreateSubscriptionResult, errors: ['ALREADY_SUBSCRIBED', 'PAYMENTS_UNAVAILABLE'],
  }),
  cancelSubscription: route({
    method: 'POST', path: '/api/cancel-subscription', service: 'billing', access: 'member',
    summary: 'Cancel the subscription at the end of the paid period (the answer says until when)',
    response: CancelSubscriptionResult, errors: ['NOT_SUBSCRIBED', 'PAYMENTS_UNAVAILABLE'],
  }),
  billingWebhook: route({
    method: 'POST', path: '/api/billing/webhook', service: 'billing', access: 'public', rawBody: true,
    summary: "The payment provider's signed events (Stripe format); each event id is processed once", response: WebhookAck,
    errors: ['BAD_SIGNATURE', 'PAYMENTS_UNAVAILABLE'],
  }),
  confirmLocalPayment: route({
    method: 'POST', path: '/api/billing/local/confirm', service: 'billing', access: 'member',
    summary: "The local payment provider's test-mode card confirmation (404 when Stripe is configured)",
    body: LocalConfirmBody, response: LocalConfirmResult, errors: ['PAYMENT_FAILED', 'NOT_FOUND'],
  }),
  exportBilling: exportPart('billing', '/api/export/billing'),
} satisfies Record<string, RouteDef>;
