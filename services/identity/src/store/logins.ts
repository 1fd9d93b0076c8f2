import { write } from '@torcedor/service-kit/entity';
import { eventPart } from '@torcedor/service-kit/outbox';
import { revocationParts } from '@torcedor/service-kit/revocation';
import { transact } from '@torcedor/service-kit/transactions';
import type { EventDetail } from '@torcedor/shared/events';
import { logins } from './entities.ts';

/**
 * The logins behind refresh tokens: when each began (by the token's hash; the token itself is never stored).
 * A refresh is allowed only for a login that began after the member's not-before time, so a refresh token
 * captured before a logout or a deletion cannot mint sessions afterwards, even where the user pool cannot
 * revoke it (the local user pool has no global sign-out).
 */

/** AP: remember a new login's refresh token for as long as it can live. */
export async function rememberLogin(refreshToken: string, userId: string, loginAtMs: number, lifetimeSeconds: number): Promise<void> {
  await write(logins.put(refreshToken, { userId, loginAtMs, ttl: Math.floor(loginAtMs / 1000) + lifetimeSeconds }));
}

/** AP: the login a refresh token belongs to, or null for a token this service never issued (or expired). */
export async function loginOf(refreshToken: string): Promise<{ userId: string; loginAtMs: number } | null> {
  const item = await logins.get(refreshToken);
  if (!item || Number(item.ttl) <= Date.now() / 1000) return null;
  return { userId: String(item.userId), loginAtMs: Number(item.loginAtMs) };
}

/**
 * AP: a logout: the session's marker and the member's not-before time (the kit's revocation items), with
 * SessionRevoked in the same transaction.
 */
export async function recordLogout(revoked: EventDetail<'SessionRevoked'>): Promise<void> {
  const [marker, notBefore] = revocationParts(revoked);
  await transact({ marker, notBefore, event: eventPart('SessionRevoked', revoked) });
}
