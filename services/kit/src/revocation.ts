import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { EventDetail } from '@torcedor/shared/events';
import { ddb, TABLE } from './ddb.ts';

/**
 * Sessions ended on the server. Access tokens are verified by signature in every service, so a logout
 * must also be known to every service: identity writes the marker in its own table when the member logs
 * out, and each other service writes it in its own table from the SessionRevoked event. The marker
 * expires with the token (TTL), so the set stays small.
 */
const revokedKey = (sessionId: string) => ({ PK: `REVOKED#${sessionId}`, SK: 'SESSION' });

export async function markRevoked(d: EventDetail<'SessionRevoked'>): Promise<void> {
  // A plain put is idempotent: duplicates and any order give the same item.
  await ddb.send(new PutCommand({ TableName: TABLE, Item: { ...revokedKey(d.sessionId), userId: d.userId, ttl: d.expiresAt } }));
}

export async function isRevoked(sessionId: string, nowSeconds = Math.floor(Date.now() / 1000)): Promise<boolean> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: revokedKey(sessionId), ConsistentRead: true }));
  // DynamoDB deletes expired items lazily: an item past its TTL no longer counts.
  return !!out.Item && Number(out.Item.ttl) > nowSeconds;
}
