import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { EventDetail } from '@torcedor/shared/events';
import { Entitlement } from '@torcedor/shared/schemas/identity';
import { applyIfNewer } from './copies.ts';
import { ddb, memberPK, TABLE } from './ddb.ts';

/**
 * A service's own copy of a member's entitlement (docs/architecture.md, "Limits and entitlement"): kept from billing's
 * EntitlementChanged events so that enforcing a limit never needs a call to another service.
 */
export const entitlementKey = (userId: string) => ({ PK: memberPK(userId), SK: 'ENTITLEMENT' });

export const applyEntitlementCopy = async (d: EventDetail<'EntitlementChanged'>) => {
  await applyIfNewer(entitlementKey(d.userId), 'version', d.version, { tier: d.tier, until: d.until });
};

export async function readEntitlement(userId: string): Promise<Entitlement | null> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: entitlementKey(userId), ConsistentRead: true }));
  const parsed = out.Item ? Entitlement.safeParse(out.Item) : null;
  return parsed?.success ? parsed.data : null;
}
