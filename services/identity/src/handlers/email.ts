import { badRequest, conflict } from '@torcedor/service-kit/errors';
import type { RouteHandler } from '@torcedor/service-kit/http';
import { logger } from '@torcedor/service-kit/logger';
import { INVALID_CODE_MESSAGE } from '@torcedor/shared/constants';
import type { Routes } from '@torcedor/shared/routes';
import { issueCode } from '../domain/codes.ts';
import { addressToVerify, toApiUser, type UserRecord } from '../domain/user.ts';
import { poolUserId, setPoolEmail, viewerOf } from '../providers/cognito.ts';
import { link, mailer } from '../providers/mail.ts';
import { addressOwner } from '../store/addresses.ts';
import { saveCode, tryCode } from '../store/codes.ts';
import { confirmAddress, getUser } from '../store/users.ts';
import { confirmPassword } from './account.ts';
import { reserveCodeEmail } from './limits.ts';
import { currentRecord, saveUser } from './user.ts';

/** Verified addresses (../../README.md, "Email"): the verification code, its resend, and a change of address. */

/** Every wrong, used-up or expired code: one answer. */
export const invalidCode = () => badRequest(INVALID_CODE_MESSAGE, undefined, 'INVALID_CODE');
const emailTaken = () => conflict('An account with this email already exists', 'EMAIL_TAKEN');

/**
 * Records a proved address on the pool user after the change is stored. Nothing reads it back (sign-in resolves the
 * address through its claim), so a failure is logged and the change stands.
 */
export const syncPoolEmail = (username: string, email: string) =>
  setPoolEmail(username, email).catch((err: unknown) => logger.error('pool email not updated', { error: err as Error }));

/** Whether another account has the address: its claim, or (accounts from before claims) the pool user of that name. */
async function addressTaken(email: string, userId: string): Promise<boolean> {
  const claim = await addressOwner(email);
  if (claim) return claim.userId !== userId;
  const owner = await poolUserId(email);
  return owner !== null && owner !== userId;
}

/** A new verification code for `address` (it replaces the earlier one), emailed there; SES's failure is thrown. */
async function sendVerification(u: UserRecord, address: string, nowSeconds: number): Promise<void> {
  const { code, record } = issueCode('VERIFY', address, nowSeconds);
  await saveCode(u.id, record);
  await mailer.send(address, (e) => e.verificationEmail(u, code, address !== u.email, link), 'verify');
}

/**
 * The emailed code proves the address it was sent to: the member's own (verified; a Welcome the first time) or a
 * pending new one, which then replaces the old (the old address is told, when it was a proved one).
 */
export const verifyEmail: RouteHandler<Routes['verifyEmail']> = async ({ session, body }) => {
  const user = await currentRecord(session);
  const code = await tryCode(user.id, 'VERIFY', body.code, Math.floor(Date.now() / 1000));
  // A code for an address no longer waiting (since replaced or cancelled) proves nothing.
  if (!code || code.address !== addressToVerify(user)) throw invalidCode();
  const outcome = await confirmAddress(user, code);
  if (outcome === 'taken') throw emailTaken();
  if (outcome === 'stale') throw invalidCode();
  const after = await getUser(user.id);
  await syncPoolEmail(user.username, code.address);
  const change = code.address !== user.email;
  if (change && user.email && user.emailVerified !== false) await mailer.notify(user.email, (e) => e.emailChangedEmail(user, code.address, link), 'email-changed');
  if (user.emailVerified === false) await mailer.notify(code.address, (e) => e.welcomeEmail(user, link), 'welcome');
  return toApiUser(after ?? { ...user, email: code.address, pendingEmail: null, emailVerified: true }, session.isOwner);
};

/** A new code for the address waiting to be proved (EMAIL_CODES.resendsPerHour an hour); nothing to prove, nothing sent. */
export const resendVerification: RouteHandler<Routes['resendVerification']> = async ({ session }) => {
  const user = await currentRecord(session);
  const address = addressToVerify(user);
  if (address) {
    const nowSeconds = Math.floor(Date.now() / 1000);
    await reserveCodeEmail(user.id, nowSeconds);
    await sendVerification(user, address, nowSeconds);
  }
  return { ok: true as const };
};

/**
 * A new address: the password is checked as for deleting the account (with the sign-in throttle), then the new address
 * waits (`pendingEmail`) for the code sent to it; the old one stays in force until then. The member's own address
 * again cancels a pending change.
 */
export const changeEmail: RouteHandler<Routes['changeEmail']> = async ({ session, body, event, clientAddress }) => {
  const user = await currentRecord(session);
  if (user.isTrial || !user.email) throw badRequest('A trial has no email address: create a free account to use one.');
  await confirmPassword(user, body.password, viewerOf(event, await clientAddress()));
  if (body.email === user.email) {
    const same = user.pendingEmail ? await saveUser(user.id, { pendingEmail: null }, false) : user;
    return toApiUser(same, session.isOwner);
  }
  if (await addressTaken(body.email, user.id)) throw emailTaken();
  const nowSeconds = Math.floor(Date.now() / 1000);
  await reserveCodeEmail(user.id, nowSeconds);
  const pending = await saveUser(user.id, { pendingEmail: body.email }, false);
  await sendVerification(pending, body.email, nowSeconds);
  return toApiUser(pending, session.isOwner);
};
