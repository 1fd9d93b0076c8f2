import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { EventDetail } from '@torcedor/shared/events';
import { ddb, TABLE } from './ddb.ts';

/**
 * Sessions ended on the server. Access tokens are verified by signature in every service, so a logout
 * must also be known to every service: identity writes the marker in its own table when the member logs
 * out, and each other service writes it in its own table from the SessionRevoked event. The marker
 * expires with the token (TTL), so the set stays small.
 *
 * Reads may trust a "not revoked" answer this instance got less than READ_RECHECK_MS ago (one database
 * read per session per window instead of one per request); state-changing requests always read the
 * marker. A marker this instance writes itself takes effect at once for every request.
 */
export const READ_RECHECK_MS = 5_000;
const MAX_REMEMBERED = 10_000;

const revokedKey = (sessionId: string) => ({ PK: `REVOKED#${sessionId}`, SK: 'SESSION' });
/** sessionId -> when this instance last read that it was not revoked (ms). */
const checkedOk = new Map<string, number>();
/** sessionId -> token expiry (s) of sessions this instance saw revoked. */
const knownRevoked = new Map<string, number>();

function remember<V>(map: Map<string, V>, key: string, value: V) {
  if (map.size >= MAX_REMEMBERED) map.clear();
  map.set(key, value);
}

export async function markRevoked(d: EventDetail<'SessionRevoked'>): Promise<void> {
  // A plain put is idempotent: duplicates and any order give the same item.
  await ddb.send(new PutCommand({ TableName: TABLE, Item: { ...revokedKey(d.sessionId), userId: d.userId, ttl: d.expiresAt } }));
  checkedOk.delete(d.sessionId);
  remember(knownRevoked, d.sessionId, d.expiresAt);
}

export async function isRevoked(sessionId: string, opts: { read?: boolean; nowMs?: number } = {}): Promise<boolean> {
  const nowMs = opts.nowMs ?? Date.now();
  const nowSeconds = Math.floor(nowMs / 1000);
  const expiry = knownRevoked.get(sessionId);
  if (expiry !== undefined && expiry > nowSeconds) return true;
  const okAt = checkedOk.get(sessionId);
  if (opts.read && okAt !== undefined && nowMs - okAt < READ_RECHECK_MS) return false;
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: revokedKey(sessionId), ConsistentRead: true }));
  // DynamoDB deletes expired items lazily: an item past its TTL no longer counts.
  const revoked = !!out.Item && Number(out.Item.ttl) > nowSeconds;
  if (revoked) {
    checkedOk.delete(sessionId);
    remember(knownRevoked, sessionId, Number(out.Item!.ttl));
  } else {
    remember(checkedOk, sessionId, nowMs);
  }
  return revoked;
}
