import { conflict, notFound } from '@torcedor/service-kit/errors';
import type { RouteHandler } from '@torcedor/service-kit/http';
import { logger } from '@torcedor/service-kit/logger';
import type { Routes } from '@torcedor/shared/routes';
import { adopt, isAwaitingPayment, withProviderSubscription } from '../domain/plan.ts';
import { dayText, toStatus } from '../domain/status.ts';
import { isLocal, paymentProvider, paymentsAvailable } from '../providers/index.ts';
import { exportMember } from '../store/member.ts';
import { changeState, getSubscription, saveCustomer } from '../store/subscriptions.ts';
import { syncSubscription } from './sync.ts';

/**
 * The member's status, and whether premium can be bought in this deployment (the page shows its card form only then);
 * a subscription still awaiting its first payment is brought up to date from the provider first.
 */
export const getSubscriptionStatus: RouteHandler<Routes['getSubscriptionStatus']> = async ({ session }) => {
  const now = new Date();
  const [stored, available] = await Promise.all([getSubscription(session.userId), paymentsAvailable()]);
  if (available && stored.subscriptionId && isAwaitingPayment(stored.providerStatus)) {
    try {
      return { ...toStatus((await syncSubscription(session.userId, stored.subscriptionId)).state, now), paymentsAvailable: available };
    } catch (error) {
      logger.warn('could not bring a pending subscription up to date', { error: error as Error });
    }
  }
  return { ...toStatus(stored, now), paymentsAvailable: available };
};

/**
 * Starts the premium subscription, or resumes the one awaiting its first payment: the provider's client secret for
 * the payment form. The customer is created once; the subscription's idempotency key is named by the member and the
 * start's sequence number, so a retry after any failure gets the same subscription and nothing is stored half-way.
 */
export const createSubscription: RouteHandler<Routes['createSubscription']> = async ({ session }) => {
  const { userId } = session;
  const now = new Date();
  const provider = await paymentProvider();
  let stored = await getSubscription(userId);
  const status = toStatus(stored, now);
  if (status.isPremium) {
    throw conflict(status.cancelAtPeriodEnd
      ? `Your Premium membership is already paid until ${dayText(status.endsAt!)}.`
      : 'You already have an active Premium subscription.', 'ALREADY_SUBSCRIBED');
  }
  const answer = (clientSecret: string) => ({ clientSecret, provider: provider.kind, publishableKey: provider.publishableKey });
  if (stored.subscriptionId && isAwaitingPayment(stored.providerStatus)) {
    const pending = await provider.retrieveSubscription(stored.subscriptionId);
    if (pending?.status === 'incomplete' && pending.clientSecret) return answer(pending.clientSecret);
  }
  if (!stored.customerId) {
    await saveCustomer(userId, await provider.createCustomer(userId));
    stored = await getSubscription(userId);
  }
  const seq = stored.subscriptionSeq + 1;
  const sub = await provider.createSubscription({ customerId: stored.customerId!, userId, idempotencyKey: `subscription-${userId}-${seq}` });
  const { state } = await changeState(userId, async (prev) => {
    if (prev.subscriptionSeq >= seq) return null; // a concurrent start stored it already
    return { ...withProviderSubscription(prev, sub, now), subscriptionSeq: seq };
  }, { subscriptionRef: () => sub.id });
  if (state.subscriptionId !== sub.id) {
    const current = state.subscriptionId ? await provider.retrieveSubscription(state.subscriptionId) : null;
    if (current?.clientSecret) return answer(current.clientSecret);
  }
  if (!sub.clientSecret) throw new Error(`provider returned subscription ${sub.id} without a client secret`);
  return answer(sub.clientSecret);
};

/** Stops renewal at the provider; the paid period runs to its end, which the answer names. */
export const cancelSubscription: RouteHandler<Routes['cancelSubscription']> = async ({ session }) => {
  const { userId } = session;
  const now = new Date();
  const stored = await getSubscription(userId);
  const status = toStatus(stored, now);
  if (!status.isPremium || !stored.subscriptionId) throw conflict('You have no active subscription to cancel.', 'NOT_SUBSCRIBED');
  const provider = await paymentProvider();
  const sub = await provider.cancelAtPeriodEnd(stored.subscriptionId);
  const { state } = await changeState(userId, async (prev) => adopt(prev, sub, now));
  const endsAt = state.currentPeriodEnd ?? sub.currentPeriodEnd ?? now.toISOString();
  return { cancelAtPeriodEnd: true as const, endsAt, message: `Your subscription has been canceled. Premium stays active until ${dayText(endsAt)}.` };
};

/** The local provider's card form (404 with Stripe configured: Stripe's Payment Element confirms on Stripe). */
export const confirmLocalPayment: RouteHandler<Routes['confirmLocalPayment']> = async ({ session, body }) => {
  const { userId } = session;
  const provider = (await paymentsAvailable()) ? await paymentProvider() : null;
  if (!provider || !isLocal(provider)) throw notFound();
  const status = await provider.confirmPayment(userId, body);
  if (status === 'succeeded') {
    // The webhook has normally applied it already; if its delivery failed, the member still gets what they paid for.
    const stored = await getSubscription(userId);
    const id = body.clientSecret.split('_secret_')[0]!;
    if (stored.subscriptionId === id || !stored.subscriptionId) await syncSubscription(userId, id);
  }
  return { status };
};

/** billing's part of the member's export: everything in their partition. */
export const exportBilling: RouteHandler<Routes['exportBilling']> = async ({ session }) => exportMember(session.userId);
