import { createHash } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';

/**
 * The logins behind refresh tokens: when each began (by the token's hash; the token itself is never stored).
 * A refresh is allowed only for a login that began after the member's not-before time, so a refresh token
 * captured before a logout or a deletion cannot mint sessions afterwards, even where the user pool cannot
 * revoke it (the local user pool has no global sign-out).
 */
const key = (refreshToken: string) => ({ PK: `LOGIN#${createHash('sha256').update(refreshToken).digest('hex')}`, SK: 'REFRESH' });

/** AP: remember a new login's refresh token for as long as it can live. */
export async function rememberLogin(refreshToken: string, userId: string, loginAtMs: number, lifetimeSeconds: number): Promise<void> {
  await ddb.send(new PutCommand({ TableName: TABLE, Item: { ...key(refreshToken), userId, loginAtMs, ttl: Math.floor(loginAtMs / 1000) + lifetimeSeconds } }));
}

/** AP: the login a refresh token belongs to, or null for a token this service never issued (or expired). */
export async function loginOf(refreshToken: string): Promise<{ userId: string; loginAtMs: number } | null> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: key(refreshToken), ConsistentRead: true }));
  if (!out.Item || Number(out.Item.ttl) <= Date.now() / 1000) return null;
  return { userId: String(out.Item.userId), loginAtMs: Number(out.Item.loginAtMs) };
}
