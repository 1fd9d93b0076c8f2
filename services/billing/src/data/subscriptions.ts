import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { eventPart } from '@torcedor/service-kit/outbox';
import { transact } from '@torcedor/service-kit/transactions';
import { ddb, memberPK, TABLE } from '@torcedor/service-kit/ddb';
import { FREE, type Subscription } from '../domain/status.ts';

/** Keys as data for the billing table (see ../README.md). */
export const keys = {
  subscription: (userId: string) => ({ PK: memberPK(userId), SK: 'SUBSCRIPTION' }),
};

export interface StoredSubscription extends Subscription { version: number }

/** AP: a member's subscription (free, version 0, when none is stored). */
export async function getSubscription(userId: string): Promise<StoredSubscription> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.subscription(userId), ConsistentRead: true }));
  if (!out.Item) return { ...FREE, version: 0 };
  return {
    plan: out.Item.plan as Subscription['plan'],
    currentPeriodEnd: (out.Item.currentPeriodEnd as string | undefined) ?? null,
    cancelAtPeriodEnd: Boolean(out.Item.cancelAtPeriodEnd),
    version: Number(out.Item.version ?? 0),
  };
}

/**
 * AP: start a member's trial once, and its EntitlementChanged in the same transaction (the kit's outbox), so
 * the plan and its announcement are never split. A repeat leaves the stored subscription and announces nothing.
 */
export async function startTrialOnce(userId: string, until: string): Promise<void> {
  await transact({
    subscription: {
      Put: {
        TableName: TABLE,
        Item: { ...keys.subscription(userId), userId, plan: 'trial', currentPeriodEnd: until, cancelAtPeriodEnd: false, version: 1 },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    event: eventPart('EntitlementChanged', { userId, version: 1, tier: 'trial', until }),
  });
}
