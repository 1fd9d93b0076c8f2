import { notFound, conflict } from '@torcedor/service-kit/errors';
import { logger } from '@torcedor/service-kit/logger';
import { isDeleted } from '@torcedor/service-kit/revocation';
import {
  deleteSubscriptionRef, findSubscriptionOwner, getSubscription, isEventProcessed, markEventProcessed, saveCustomer, saveState,
  type StoredSubscription,
} from '../data/subscriptions.ts';
import { deleteMember } from '../data/member.ts';
import { isLocal, paymentProvider, paymentsAvailable } from '../providers/index.ts';
import type { ProviderEvent, ProviderSubscription } from '../providers/provider.ts';
import type { LocalConfirm } from '../providers/local.ts';
import { isAwaitingPayment, sameEntitlement, sameState, withProviderSubscription, withTrial, type BillingState } from './plan.ts';
import { toStatus } from './status.ts';

/** A plan's end as the member reads it: 'December 23, 2026' (UTC, as the page shows dates). */
const dayText = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Attempts at a state change that keeps meeting a concurrent one (each re-reads both sides). */
const MAX_ATTEMPTS = 8;

/**
 * The one way billing's state changes: read the stored state, then (`next`, which may ask the provider) compute the
 * next one, then write it if nobody wrote in between, else start over. Reading the provider after the stored state
 * means a writer that lost the race always re-reads a provider view at least as new as the winner's.
 */
async function change(
  userId: string,
  next: (prev: StoredSubscription) => Promise<(BillingState & { subscriptionSeq?: number }) | null>,
  opts: { eventId?: string; subscriptionRef?: (s: BillingState) => string | undefined } = {},
): Promise<{ state: StoredSubscription; outcome: 'saved' | 'unchanged' | 'duplicate' }> {
  for (let attempt = 1; ; attempt++) {
    const prev = await getSubscription(userId);
    const wanted = await next(prev);
    if (!wanted || (sameState(prev, wanted) && wanted.subscriptionSeq === undefined)) {
      if (opts.eventId && (await markEventProcessed(opts.eventId, userId)) === 'duplicate') return { state: prev, outcome: 'duplicate' };
      return { state: prev, outcome: 'unchanged' };
    }
    const outcome = await saveState(userId, prev, wanted, {
      eventId: opts.eventId, announce: !sameEntitlement(prev, wanted), subscriptionRef: opts.subscriptionRef?.(wanted),
    });
    if (outcome === 'saved') return { state: { ...prev, ...wanted, version: prev.version + 1 }, outcome };
    if (outcome === 'duplicate') return { state: prev, outcome };
    if (attempt >= MAX_ATTEMPTS) throw new Error(`billing state of ${userId} kept changing; giving up after ${attempt} attempts`);
  }
}

/** The provider's view applies when it is about the member's current subscription, or is a paid one replacing it. */
function adopt(prev: BillingState, sub: ProviderSubscription, now: Date): BillingState | null {
  const next = withProviderSubscription(prev, sub, now);
  if (sub.id === prev.subscriptionId || !prev.subscriptionId) return next;
  return next.plan === 'premium' ? next : null;
}

/**
 * The member's status, and whether premium can be bought in this deployment (the page shows its card form only then);
 * a subscription still awaiting its first payment is brought up to date from the provider first.
 */
export async function subscriptionStatus(userId: string, now = new Date()) {
  const [stored, available] = await Promise.all([getSubscription(userId), paymentsAvailable()]);
  if (available && stored.subscriptionId && isAwaitingPayment(stored.providerStatus)) {
    try {
      return { ...toStatus((await syncSubscription(userId, stored.subscriptionId)).state, now), paymentsAvailable: available };
    } catch (error) {
      logger.warn('could not bring a pending subscription up to date', { error: error as Error });
    }
  }
  return { ...toStatus(stored, now), paymentsAvailable: available };
}

async function syncSubscription(userId: string, subscriptionId: string, eventId?: string) {
  const provider = await paymentProvider();
  return change(userId, async (prev) => {
    const sub = await provider.retrieveSubscription(subscriptionId);
    return sub ? adopt(prev, sub, new Date()) : null;
  }, { eventId });
}

/**
 * Starts the premium subscription, or resumes the one awaiting its first payment: the provider's client secret for
 * the payment form. The customer is created once; the subscription's idempotency key is named by the member and the
 * start's sequence number, so a retry after any failure gets the same subscription and nothing is stored half-way.
 */
export async function startSubscription(userId: string, now = new Date()) {
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
  const { state } = await change(userId, async (prev) => {
    if (prev.subscriptionSeq >= seq) return null; // a concurrent start stored it already
    return { ...withProviderSubscription(prev, sub, now), subscriptionSeq: seq };
  }, { subscriptionRef: () => sub.id });
  if (state.subscriptionId !== sub.id) {
    const current = state.subscriptionId ? await provider.retrieveSubscription(state.subscriptionId) : null;
    if (current?.clientSecret) return answer(current.clientSecret);
  }
  if (!sub.clientSecret) throw new Error(`provider returned subscription ${sub.id} without a client secret`);
  return answer(sub.clientSecret);
}

/** Stops renewal at the provider; the paid period runs to its end, which the answer names. */
export async function cancelSubscription(userId: string, now = new Date()) {
  const stored = await getSubscription(userId);
  const status = toStatus(stored, now);
  if (!status.isPremium || !stored.subscriptionId) throw conflict('You have no active subscription to cancel.', 'NOT_SUBSCRIBED');
  const provider = await paymentProvider();
  const sub = await provider.cancelAtPeriodEnd(stored.subscriptionId);
  const { state } = await change(userId, async (prev) => adopt(prev, sub, now));
  const endsAt = state.currentPeriodEnd ?? sub.currentPeriodEnd ?? now.toISOString();
  return { cancelAtPeriodEnd: true as const, endsAt, message: `Your subscription has been canceled. Premium stays active until ${dayText(endsAt)}.` };
}

/**
 * A verified webhook event: the subscription it names is re-read from the provider and applied (never the event's
 * own copy, so order does not matter), with the event id's marker in the same transaction (so a repeat is a no-op).
 */
export async function handleProviderEvent(event: ProviderEvent): Promise<{ duplicate: boolean }> {
  if (await isEventProcessed(event.id)) return { duplicate: true };
  if (!event.subscriptionId) return { duplicate: (await markEventProcessed(event.id, null)) === 'duplicate' };
  let userId = await findSubscriptionOwner(event.subscriptionId);
  if (!userId) userId = (await (await paymentProvider()).retrieveSubscription(event.subscriptionId))?.userId ?? null;
  // A deleted member's subscription was canceled at the provider before their data went: nothing to keep.
  if (userId && (await isDeleted(userId))) userId = null;
  if (!userId) {
    logger.info('webhook about a subscription of no member', { eventId: event.id, type: event.type, subscriptionId: event.subscriptionId });
    return { duplicate: (await markEventProcessed(event.id, null)) === 'duplicate' };
  }
  const { outcome } = await syncSubscription(userId, event.subscriptionId, event.id);
  return { duplicate: outcome === 'duplicate' };
}

/** The local provider's card form (404 with Stripe configured: Stripe's Payment Element confirms on Stripe). */
export async function confirmLocalPayment(userId: string, body: LocalConfirm) {
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
}

/** A trial granted at registration (identity's UserRegistered), once. */
export async function startTrial(userId: string, until: string, now = new Date()): Promise<void> {
  await change(userId, async (prev) => (prev.trialEndsAt ? null : withTrial(prev, until, now)));
}

/**
 * Account deletion: the subscription is canceled at the provider first (a failure throws, so the event is retried
 * and nothing is deleted before the member stops being charged), then billing's data goes.
 */
export async function deleteAccount(userId: string): Promise<void> {
  const stored = await getSubscription(userId);
  if (stored.subscriptionId) {
    await (await paymentProvider()).cancelNow(stored.subscriptionId);
    await deleteSubscriptionRef(stored.subscriptionId);
  }
  await deleteMember(userId);
}
