import { randomUUID } from 'node:crypto';
import type { RouteHandler } from '@torcedor/service-kit/http';
import { noteRevoked } from '@torcedor/service-kit/revocation';
import type { Routes } from '@torcedor/shared/routes';
import { issueCode } from '../domain/codes.ts';
import type { UserRecord } from '../domain/user.ts';
import { poolUserId, setPoolPassword, signOutEverywhere } from '../providers/cognito.ts';
import { link, mailer } from '../providers/mail.ts';
import { addressOwner } from '../store/addresses.ts';
import { saveCode, tryCode } from '../store/codes.ts';
import { getUser, recordPasswordReset } from '../store/users.ts';
import { invalidCode, syncPoolEmail } from './email.ts';
import { reserveReset } from './limits.ts';
import { REFRESH_MAX_AGE } from './session-cookies.ts';

/** Account recovery (../../README.md, "Email"): a password-reset code by email, then a new password with it. */

/** The password account whose address this is now (its claim, else the pool user of that name), or null. */
async function accountByAddress(email: string): Promise<UserRecord | null> {
  const userId = (await addressOwner(email))?.userId ?? (await poolUserId(email));
  const user = userId ? await getUser(userId) : null;
  return user && !user.isTrial && user.email === email ? user : null;
}

/**
 * Always 202 {ok:true}, whether or not an account has the address (nothing to enumerate); counted per address asked
 * about and per client address either way. An account's code is stored and emailed (SES down: the kit's 503).
 */
export const forgotPassword: RouteHandler<Routes['forgotPassword']> = async ({ body, clientAddress }) => {
  const nowSeconds = Math.floor(Date.now() / 1000);
  await reserveReset(body.email, await clientAddress(), nowSeconds);
  const user = await accountByAddress(body.email);
  // The code is made either way: the same work whether or not the account exists, up to the send.
  const { code, record } = issueCode('RESET', body.email, nowSeconds);
  if (user) {
    await saveCode(user.id, record);
    await mailer.send(body.email, (e) => e.resetCodeEmail(user, code, link), 'reset');
  }
  return { ok: true as const };
};

/**
 * A new password with the emailed code: set in the user pool, then in one transaction the code is used up, the address
 * counts as verified and every session and login of the member ends (as logout everywhere); the member is told.
 */
export const resetPassword: RouteHandler<Routes['resetPassword']> = async ({ body }) => {
  const user = await accountByAddress(body.email);
  const code = user ? await tryCode(user.id, 'RESET', body.code, Math.floor(Date.now() / 1000)) : undefined;
  if (!user || !code || code.address !== body.email) throw invalidCode();
  await setPoolPassword(user.username, body.password);
  await signOutEverywhere(user.username);
  const nowMs = Date.now();
  // notBeforeMs: every token and login of the member from before now ends everywhere; no token has this session id.
  const revoked = { sessionId: `reset-${randomUUID()}`, userId: user.id, expiresAt: Math.floor(nowMs / 1000) + REFRESH_MAX_AGE, notBeforeMs: nowMs };
  if (!(await recordPasswordReset(user, code, revoked))) throw invalidCode();
  noteRevoked(revoked);
  if (user.emailVerified === false) await syncPoolEmail(user.username, body.email);
  await mailer.notify(body.email, (e) => e.passwordChangedEmail(user, link), 'password-changed');
  return { ok: true as const };
};
