import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { WEBHOOK_EVENT_TTL_DAYS } from '@torcedor/shared/constants';
import { eventPart } from '@torcedor/service-kit/outbox';
import { transact } from '@torcedor/service-kit/transactions';
import { ddb, memberPK, TABLE } from '@torcedor/service-kit/ddb';
import { deleteKeys } from '@torcedor/service-kit/items';
import type { BillingState } from '../domain/plan.ts';

/** Keys as data for the billing table (see ../README.md). */
export const keys = {
  subscription: (userId: string) => ({ PK: memberPK(userId), SK: 'SUBSCRIPTION' }),
  /** Which member a provider subscription belongs to (webhooks name the subscription, not the member). */
  subscriptionRef: (subscriptionId: string) => ({ PK: `SUBREF#${subscriptionId}`, SK: 'SUBREF' }),
  /** A processed webhook event: its id, kept WEBHOOK_EVENT_TTL_DAYS, so a redelivery changes nothing. */
  webhookEvent: (eventId: string) => ({ PK: `WEBHOOK#${eventId}`, SK: 'WEBHOOK' }),
};

/** What billing keeps per member: the provider's view of the subscription, the trial, and the plan derived from both. */
export interface StoredSubscription extends BillingState {
  /** Grows with every change; EntitlementChanged carries it, so consumers keep the newest. */
  version: number;
  customerId: string | null;
  /** How many subscriptions were started (names each start's idempotency key, so a retry reuses the same one). */
  subscriptionSeq: number;
}

const EMPTY: StoredSubscription = {
  plan: 'free', currentPeriodEnd: null, cancelAtPeriodEnd: false, trialEndsAt: null, subscriptionId: null, providerStatus: null,
  version: 0, customerId: null, subscriptionSeq: 0,
};

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** AP: a member's subscription (free, version 0, when none is stored). */
export async function getSubscription(userId: string): Promise<StoredSubscription> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.subscription(userId), ConsistentRead: true }));
  const i = out.Item;
  if (!i) return { ...EMPTY };
  return {
    plan: (i.plan as StoredSubscription['plan'] | undefined) ?? 'free',
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
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.subscriptionRef(subscriptionId), ConsistentRead: true }));
  return str(out.Item?.userId);
}

/** AP: has this webhook event been processed already? */
export async function isEventProcessed(eventId: string): Promise<boolean> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.webhookEvent(eventId), ConsistentRead: true, ProjectionExpression: 'PK' }));
  return Boolean(out.Item);
}

const versionCondition = (prev: number) => (prev === 0 ? 'attribute_not_exists(PK) OR attribute_not_exists(version) OR version = :prev' : 'version = :prev');

export type SaveOutcome = 'saved' | 'stale' | 'duplicate';

/**
 * AP: write the member's next state if nobody wrote since `prev` was read (`stale` otherwise: read again), with,
 * in one transaction, the webhook event's marker (`duplicate` when another delivery of it won) and, when the plan
 * changed, EntitlementChanged carrying the new version (the kit's outbox). A state equal to the stored one writes
 * only the marker.
 */
export async function saveState(
  userId: string,
  prev: StoredSubscription,
  next: BillingState & { subscriptionSeq?: number },
  opts: { eventId?: string; announce: boolean; subscriptionRef?: string },
): Promise<SaveOutcome> {
  const version = prev.version + 1;
  const fields: Record<string, unknown> = {
    userId, plan: next.plan, currentPeriodEnd: next.currentPeriodEnd, cancelAtPeriodEnd: next.cancelAtPeriodEnd, trialEndsAt: next.trialEndsAt,
    subscriptionId: next.subscriptionId, providerStatus: next.providerStatus, version,
    // The customer is kept by saveCustomer alone; a state change carries it over.
    customerId: prev.customerId,
    subscriptionSeq: next.subscriptionSeq ?? prev.subscriptionSeq,
  };
  const names = Object.keys(fields);
  const r = await transact({
    marker: opts.eventId
      ? {
          Put: {
            TableName: TABLE,
            Item: { ...keys.webhookEvent(opts.eventId), userId, processedAt: new Date().toISOString(), ttl: Math.floor(Date.now() / 1000) + WEBHOOK_EVENT_TTL_DAYS * 86_400 },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        }
      : undefined,
    subscriptionRef: opts.subscriptionRef
      ? { Put: { TableName: TABLE, Item: { ...keys.subscriptionRef(opts.subscriptionRef), userId } } }
      : undefined,
    state: {
      Update: {
        TableName: TABLE,
        Key: keys.subscription(userId),
        UpdateExpression: `SET ${names.map((n, i) => `#f${i} = :f${i}`).join(', ')}`,
        ConditionExpression: versionCondition(prev.version),
        ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
        ExpressionAttributeValues: { ...Object.fromEntries(names.map((n, i) => [`:f${i}`, fields[n] ?? null])), ...(prev.version ? { ':prev': prev.version } : { ':prev': 0 }) },
      },
    },
    event: opts.announce ? eventPart('EntitlementChanged', { userId, version, tier: next.plan, until: next.currentPeriodEnd }) : undefined,
  });
  if (r.ok) return 'saved';
  return r.failed.includes('marker') ? 'duplicate' : 'stale';
}

/** AP: remember a webhook event that changed nothing (so a redelivery is not even compared). */
export async function markEventProcessed(eventId: string, userId: string | null): Promise<'saved' | 'duplicate'> {
  const r = await transact({
    marker: {
      Put: {
        TableName: TABLE,
        Item: { ...keys.webhookEvent(eventId), userId, processedAt: new Date().toISOString(), ttl: Math.floor(Date.now() / 1000) + WEBHOOK_EVENT_TTL_DAYS * 86_400 },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  });
  return r.ok ? 'saved' : 'duplicate';
}

/** AP: keep the member's provider customer id (created once; a concurrent second create is the same customer). */
export async function saveCustomer(userId: string, customerId: string): Promise<void> {
  await ddb.send(new UpdateCommand({
    TableName: TABLE, Key: keys.subscription(userId),
    UpdateExpression: 'SET customerId = if_not_exists(customerId, :c), userId = :u',
    ExpressionAttributeValues: { ':c': customerId, ':u': userId },
  }));
}

/** AP: forget which member a subscription belonged to (account deletion; the member's partition goes separately). */
export async function deleteSubscriptionRef(subscriptionId: string): Promise<void> {
  await deleteKeys([keys.subscriptionRef(subscriptionId)]);
}
