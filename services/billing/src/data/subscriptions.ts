import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, isConditionFailure, memberPK, TABLE } from '@torcedor/service-kit/ddb';
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

/** AP: start a member's trial once (a repeat leaves the stored subscription as it is). */
export async function startTrialOnce(userId: string, until: string): Promise<void> {
  try {
    await ddb.send(new PutCommand({
      TableName: TABLE,
      Item: { ...keys.subscription(userId), userId, plan: 'trial', currentPeriodEnd: until, cancelAtPeriodEnd: false, version: 1 },
      ConditionExpression: 'attribute_not_exists(PK)',
    }));
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}
