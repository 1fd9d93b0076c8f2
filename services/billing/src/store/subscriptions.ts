import { WEBHOOK_EVENT_TTL_DAYS } from '@torcedor/shared/constants';
import { write } from '@torcedor/service-kit/entity';
import { eventPart } from '@torcedor/service-kit/outbox';
import { RACED, retryOnRace } from '@torcedor/service-kit/race';
import { transact } from '@torcedor/service-kit/transactions';
import { sameEntitlement, sameState } from '../domain/plan.ts';
import type { NextState, StoredSubscription, SubscriptionItem } from '../domain/types.ts';
import { subscriptionRefs, subscriptions, webhookEvents } from './entities.ts';

const EMPTY: StoredSubscription = {
  plan: 'free', currentPeriodEnd: null, cancelAtPeriodEnd: false, trialEndsAt: null, subscriptionId: null, providerStatus: null,
  version: 0, customerId: null, subscriptionSeq: 0,
};

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** AP: a member's subscription (free, version 0, when none is stored). */
export async function getSubscription(userId: string): Promise<StoredSubscription> {
  const i = await subscriptions.get(userId);
  if (!i) return { ...EMPTY };
  return {
    plan: i.plan ?? 'free',
    currentPeriodEnd: str(i.currentPeriodEnd),
    cancelAtPeriodEnd: Boolean(i.cancelAtPeriodEnd),
    trialEndsAt: str(i.trialEndsAt),
    subscriptionId: str(i.subscriptionId),
    providerStatus: str(i.providerStatus),
    version: Number(i.version ?? 0),
    customerId: str(i.customerId),
    subscriptionSeq: Number(i.subscriptionSeq ?? 0),
  };
}

/** AP: the member a provider subscription belongs to, or null. */
export async function findSubscriptionOwner(subscriptionId: string): Promise<string | null> {
  return str((await subscriptionRefs.get(subscriptionId))?.userId);
}

/** AP: has this webhook event been processed already? */
export async function isEventProcessed(eventId: string): Promise<boolean> {
  return Boolean(await webhookEvents.get(eventId));
}

/** The Put of a webhook event's marker, once (a second delivery's fails its condition). */
const markerPart = (eventId: string, userId: string | null) =>
  webhookEvents.put(eventId, { userId, processedAt: new Date().toISOString(), ttl: Math.floor(Date.now() / 1000) + WEBHOOK_EVENT_TTL_DAYS * 86_400 }, { ifAbsent: true });

const versionCondition = (prev: number) => (prev === 0 ? 'attribute_not_exists(PK) OR attribute_not_exists(version) OR version = :prev' : 'version = :prev');

type SaveOutcome = 'saved' | 'stale' | 'duplicate';

/**
 * Writes the member's next state if nobody wrote since `prev` was read (`stale` otherwise: read again), with, in one
 * transaction, the webhook event's marker (`duplicate` when another delivery of it won) and, when the plan changed,
 * EntitlementChanged carrying the new version (the kit's outbox).
 */
async function saveState(
  userId: string, prev: StoredSubscription, next: NextState, opts: { eventId?: string; announce: boolean; subscriptionRef?: string },
): Promise<SaveOutcome> {
  const version = prev.version + 1;
  const fields: SubscriptionItem = {
    userId, plan: next.plan, currentPeriodEnd: next.currentPeriodEnd, cancelAtPeriodEnd: next.cancelAtPeriodEnd, trialEndsAt: next.trialEndsAt,
    subscriptionId: next.subscriptionId, providerStatus: next.providerStatus, version,
    // The customer is kept by saveCustomer alone; a state change carries it over.
    customerId: prev.customerId,
    subscriptionSeq: next.subscriptionSeq ?? prev.subscriptionSeq,
  };
  // Every field is written, a missing one as null (setExpression leaves undefined ones out).
  const written = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v ?? null])) as SubscriptionItem;
  const r = await transact({
    marker: opts.eventId ? markerPart(opts.eventId, userId) : undefined,
    subscriptionRef: opts.subscriptionRef ? subscriptionRefs.put(opts.subscriptionRef, { userId }) : undefined,
    state: subscriptions.update(userId, written, { ConditionExpression: versionCondition(prev.version), ExpressionAttributeValues: { ':prev': prev.version } }),
    event: opts.announce ? eventPart('EntitlementChanged', { userId, version, tier: next.plan, until: next.currentPeriodEnd }) : undefined,
  });
  if (r.ok) return 'saved';
  return r.failed.includes('marker') ? 'duplicate' : 'stale';
}

/**
 * Attempts at a state change that keeps meeting a concurrent one. Fewer than the kit's default: each attempt may ask
 * the payment provider again (`decide`), whose calls take up to seconds each within the function's time limit.
 */
const CHANGE_TRIES = 8;

export type ChangeOutcome = { state: StoredSubscription; outcome: 'saved' | 'unchanged' | 'duplicate' };

/**
 * AP: the one way billing's state changes: read the stored state, then compute the next one (`decide`, which may ask
 * the provider; null: nothing to change), then write it if nobody wrote in between (+ the webhook event's marker, the
 * subscription's owner ref, EntitlementChanged when the plan changed), else start over (the kit's retryOnRace).
 * Reading the provider after the stored state means a writer that lost the race always re-reads a provider view at
 * least as new as the winner's. A state equal to the stored one writes only the event's marker.
 */
export function changeState(
  userId: string,
  decide: (prev: StoredSubscription) => Promise<NextState | null>,
  opts: { eventId?: string; subscriptionRef?: (s: NextState) => string | undefined } = {},
): Promise<ChangeOutcome> {
  return retryOnRace(`billing state of ${userId}`, async () => {
    const prev = await getSubscription(userId);
    const wanted = await decide(prev);
    if (!wanted || (sameState(prev, wanted) && wanted.subscriptionSeq === undefined)) {
      if (opts.eventId && (await markEventProcessed(opts.eventId, userId)) === 'duplicate') return { state: prev, outcome: 'duplicate' as const };
      return { state: prev, outcome: 'unchanged' as const };
    }
    const outcome = await saveState(userId, prev, wanted, {
      eventId: opts.eventId, announce: !sameEntitlement(prev, wanted), subscriptionRef: opts.subscriptionRef?.(wanted),
    });
    if (outcome === 'saved') return { state: { ...prev, ...wanted, version: prev.version + 1 }, outcome };
    if (outcome === 'duplicate') return { state: prev, outcome };
    return RACED;
  }, CHANGE_TRIES);
}

/** AP: remember a webhook event that changed nothing (so a redelivery is not even compared). */
export async function markEventProcessed(eventId: string, userId: string | null): Promise<'saved' | 'duplicate'> {
  return (await write(markerPart(eventId, userId))) ? 'saved' : 'duplicate';
}

/**
 * AP: keep the member's provider customer id, created once: false when one is kept already (a concurrent second
 * create is the same customer).
 */
export async function saveCustomer(userId: string, customerId: string): Promise<boolean> {
  return write(subscriptions.update(userId, { customerId, userId }, { ConditionExpression: 'attribute_not_exists(customerId) OR customerId = :none', ExpressionAttributeValues: { ':none': null } }));
}

/** AP: forget which member a subscription belonged to (account deletion; the member's partition goes separately). */
export async function deleteSubscriptionRef(subscriptionId: string): Promise<void> {
  await write(subscriptionRefs.remove(subscriptionId));
}
