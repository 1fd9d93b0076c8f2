import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';
import { FREE, type Subscription } from '../domain/status.ts';

/** Keys as data for the billing table (see ../README.md). */
export const keys = {
  subscription: (userId: string) => ({ PK: `MEMBER#${userId}`, SK: 'SUBSCRIPTION' }),
};

/** AP: a member's subscription (free when none is stored). */
export async function getSubscription(userId: string): Promise<Subscription> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.subscription(userId) }));
  if (!out.Item) return FREE;
  return {
    plan: out.Item.plan as Subscription['plan'],
    currentPeriodEnd: (out.Item.currentPeriodEnd as string | undefined) ?? null,
    cancelAtPeriodEnd: Boolean(out.Item.cancelAtPeriodEnd),
  };
}
