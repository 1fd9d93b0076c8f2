import { exportPart } from '@torcedor/service-kit/items';
import { DomainError, unauthorized } from '@torcedor/service-kit/errors';
import type { RouteHandler } from '@torcedor/service-kit/http';
import { noteTombstone } from '@torcedor/service-kit/revocation';
import { deleteMemberUploads } from '@torcedor/service-kit/uploads';
import type { Routes } from '@torcedor/shared/routes';
import type { UserRecord } from '../domain/user.ts';
import { deletePoolUser, passwordAuth, revokeRefreshToken, viewerOf, type Viewer } from '../providers/cognito.ts';
import { deleteMemberRequests, listMemberRequests } from '../store/support.ts';
import { deleteUser, getUser, recordDeletion } from '../store/users.ts';
import { readCookies, REFRESH_COOKIE } from '@torcedor/service-kit/cookies';
import { releaseLoginAttempt, reserveLoginAttempt } from './limits.ts';
import { clearedSessionCookies } from './session-cookies.ts';

/** identity's part of the export: the member's account, settings and the birth date they gave, then their support requests. */
export const exportIdentity: RouteHandler<Routes['exportIdentity']> = async ({ session }) => {
  const [user, supportRequests] = await Promise.all([getUser(session.userId), listMemberRequests(session.userId)]);
  if (!user) throw unauthorized();
  const { profileVersion: _v, emailVersion: _e, username: _u, ...mine } = user;
  return exportPart('identity', [mine, ...supportRequests]);
};

/**
 * A member with a password proves it again before the account goes: a real sign-in against the user pool with
 * their username. A wrong or missing password is the login's generic 401 (INVALID_CREDENTIALS) and counts as a
 * failed sign-in for the login throttle, whose block this check honours too (it is no way around it). A trial
 * member has no password they know: the session and the typed confirmation are their proof.
 */
export async function confirmPassword(user: UserRecord, password: string | undefined, viewer: Viewer): Promise<void> {
  if (user.isTrial) return;
  const nowSeconds = Math.floor(Date.now() / 1000);
  // The attempt is reserved from the login's budget first: the check is no way around the sign-in throttle.
  await reserveLoginAttempt(user.username, viewer.address, nowSeconds);
  if (password === undefined) throw new DomainError('INVALID_CREDENTIALS', 'Invalid email or password');
  // The tokens are not kept: this sign-in only proves the password (the session in use stays the one).
  await passwordAuth(user.username, password, viewer);
  await releaseLoginAttempt(user.username, viewer.address, nowSeconds);
}

/**
 * Deletes the account: the member's password is checked first (not for trial members), then every upload of the
 * member goes (every version of their whole uploads and incoming folders, whichever service registered them), then
 * every service is told (UserDeleted, at least once), then the pool user, the member's support requests and identity's
 * record go, the session ends and the cookies are cleared. A repeat after a partial failure finishes the job: each step
 * is idempotent.
 */
export const deleteAccount: RouteHandler<Routes['deleteAccount']> = async ({ session, event, body, clientAddress, cookies }) => {
  const user = await getUser(session.userId);
  if (!user) throw unauthorized();
  await confirmPassword(user, body.password, viewerOf(event, await clientAddress()));
  // Before the tombstone, while the member's session still works: a failure here is repaired by asking again
  // (docs/architecture.md, "Uploads").
  await deleteMemberUploads(user.id);
  const deletedAt = new Date().toISOString();
  // Then the tombstone, with its event in the same transaction: from now on no session of the member is
  // accepted here, and the event tells every other service to write its own and erase what it holds.
  await recordDeletion(user.id, deletedAt);
  noteTombstone(user.id, deletedAt);
  const refresh = readCookies(event.cookies, event.headers.cookie)[REFRESH_COOKIE];
  if (refresh) await revokeRefreshToken(refresh);
  await deletePoolUser(user.username);
  await deleteMemberRequests(user.id);
  await deleteUser(user);
  cookies.push(...clearedSessionCookies());
  return { ok: true as const };
};
