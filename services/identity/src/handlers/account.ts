import { deleteKeys, exportPart } from '@torcedor/service-kit/items';
import { unauthorized } from '@torcedor/service-kit/errors';
import { publish } from '@torcedor/service-kit/events';
import type { RouteHandler } from '@torcedor/service-kit/http';
import { markRevoked } from '@torcedor/service-kit/revocation';
import type { Routes } from '@torcedor/shared/routes';
import { deletePoolUser, revokeRefreshToken } from '../adapters/cognito.ts';
import { getUser, userKey } from '../data/users.ts';
import { readCookies, REFRESH_COOKIE } from '@torcedor/service-kit/cookies';
import { clearedSessionCookies } from './session-cookies.ts';

/** identity's part of the export: the member's account, settings and the birth date they gave. */
export const exportIdentity: RouteHandler<Routes['exportIdentity']> = async ({ session }) => {
  const user = await getUser(session.userId);
  if (!user) throw unauthorized();
  const { profileVersion: _v, username: _u, ...mine } = user;
  return exportPart('identity', [mine]);
};

/**
 * Deletes the account: every service is told first (UserDeleted, at least once), then the pool user
 * and identity's record go, the session ends and the cookies are cleared. A repeat after a partial
 * failure finishes the job: each step is idempotent.
 */
export const deleteAccount: RouteHandler<Routes['deleteAccount']> = async ({ session, event, cookies }) => {
  const user = await getUser(session.userId);
  if (!user) throw unauthorized();
  await publish('UserDeleted', { userId: user.id, deletedAt: new Date().toISOString() });
  const refresh = readCookies(event.cookies, event.headers.cookie)[REFRESH_COOKIE];
  if (refresh) await revokeRefreshToken(refresh);
  await deletePoolUser(user.username);
  await deleteKeys([userKey(user.id)]);
  const revoked = { sessionId: session.sessionId, userId: session.userId, expiresAt: session.expiresAt };
  await markRevoked(revoked);
  await publish('SessionRevoked', revoked);
  cookies.push(...clearedSessionCookies());
  return { ok: true as const };
};
