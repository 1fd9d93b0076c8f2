import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';
import { entitlementKey } from '@torcedor/service-kit/entitlement';
import { Entitlement } from '@torcedor/shared/schemas/identity';

/** Keys as data for the ai table (see ../README.md). */
export const keys = {
  usage: (userId: string, day: string) => ({ PK: `MEMBER#${userId}`, SK: `USAGE#${day}` }),
};

/** AP: the member's answers used on a day and their entitlement copy, in one round trip. */
export async function readUsage(userId: string, day: string): Promise<{ used: number; entitlement: Entitlement | null }> {
  const usageKey = keys.usage(userId, day);
  const entKey = entitlementKey(userId);
  const res = await ddb.send(new BatchGetCommand({ RequestItems: { [TABLE]: { Keys: [usageKey, entKey], ConsistentRead: true } } }));
  const items = res.Responses?.[TABLE] ?? [];
  const usage = items.find((i) => i.SK === usageKey.SK);
  const ent = items.find((i) => i.SK === entKey.SK);
  const parsed = ent ? Entitlement.safeParse(ent) : null;
  return { used: Number(usage?.count ?? 0), entitlement: parsed?.success ? parsed.data : null };
}
