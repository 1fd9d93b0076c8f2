import { deleteKeys, queryAll } from '@torcedor/service-kit/items';
import { transact } from '@torcedor/service-kit/transactions';
import { isOpen, type LiveConnection } from '../domain/live.ts';
import { liveConnectionOwners, liveConnections } from './entities.ts';
import { keys } from './keys.ts';

/**
 * The live connections (docs/architecture.md, "Live delivery"): each open socket is two items written and deleted
 * together, the connection in its member's partition (`LIVE#<userId>` / `CONN#<connectionId>`: a push reads a
 * member's tabs with one Query) and its owner (`LIVECONN#<connectionId>`: `$disconnect` knows the id alone). Both carry
 * the same `ttl`, so a socket API Gateway closed without a `$disconnect` leaves nothing behind.
 */

/** AP: keep a connection just opened (both items in one transaction). */
export async function openConnection(c: LiveConnection): Promise<void> {
  const r = await transact({
    connection: liveConnections.put({ userId: c.userId, connectionId: c.connectionId }, c),
    owner: liveConnectionOwners.put(c.connectionId, { connectionId: c.connectionId, userId: c.userId, ttl: c.ttl }),
  });
  if (!r.ok) throw new Error(`connection ${c.connectionId} not kept: ${r.failed.join(', ')}`);
}

/** AP: a member's open connections (consistent: the one a push must reach was just written), expired ones left out. */
export async function openConnectionsOf(userId: string, nowMs = Date.now()): Promise<LiveConnection[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk', ConsistentRead: true, ExpressionAttributeValues: { ':pk': keys.liveConnections(userId) },
  });
  return (items as unknown as LiveConnection[]).filter((c) => isOpen(c, nowMs));
}

/** AP: forget these connections of their members (both items of each; idempotent: a connection gone is no error). */
export async function removeConnections(conns: Pick<LiveConnection, 'userId' | 'connectionId'>[]): Promise<void> {
  // A batch may not name one key twice: one entry per connection.
  const unique = [...new Map(conns.map((c) => [c.connectionId, c])).values()];
  await deleteKeys(unique.flatMap((c) => [keys.liveConnection(c.userId, c.connectionId), keys.liveConnectionOwner(c.connectionId)]));
}

/** AP: forget a connection by its id alone (`$disconnect`); answers whether there was one. */
export async function removeConnectionById(connectionId: string): Promise<boolean> {
  const owner = await liveConnectionOwners.get(connectionId);
  if (!owner) return false;
  await removeConnections([owner]);
  return true;
}
