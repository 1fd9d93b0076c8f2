import { AsyncLocalStorage } from 'node:async_hooks';
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

/** The entitlement item read with the request's session check, for the member of that request (see withEntitlement). */
const prefetched = new AsyncLocalStorage<{ userId: string; item: Record<string, unknown> | null }>();

/**
 * Runs `fn` with the member's entitlement item already read (by the kit's session check of a write, in the same
 * BatchGetItem: docs/decisions.md, "Request path"), so readEntitlement answers without another round trip.
 */
export const withEntitlement = <T>(userId: string, item: Record<string, unknown> | null, fn: () => Promise<T>) => prefetched.run({ userId, item }, fn);

export async function readEntitlement(userId: string): Promise<Entitlement | null> {
  const known = prefetched.getStore();
  const item = known?.userId === userId
    ? known.item
    : (await ddb.send(new GetCommand({ TableName: TABLE, Key: entitlementKey(userId), ConsistentRead: true }))).Item;
  const parsed = item ? Entitlement.safeParse(item) : null;
  return parsed?.success ? parsed.data : null;
}
