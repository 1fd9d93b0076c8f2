import { randomBytes, randomUUID } from 'node:crypto';
import { readCookies, REFRESH_COOKIE, SESSION_COOKIE } from '@torcedor/service-kit/cookies';
import { notBeforeMsOf, noteRevoked } from '@torcedor/service-kit/revocation';
import { badRequest, conflict, forbidden, DomainError, unauthorized } from '@torcedor/service-kit/errors';
import { Reply, type RouteHandler } from '@torcedor/service-kit/http';
import { logger } from '@torcedor/service-kit/logger';
import { countBusiness } from '@torcedor/service-kit/observability';
import { verifySession } from '@torcedor/service-kit/session';
import { DAY_MS, LOGOUT_PAGE, TRIAL_DAYS } from '@torcedor/shared/constants';
import type { Attribution } from '@torcedor/shared/schemas/attribution';
import type { Routes } from '@torcedor/shared/routes';
import {
  createPoolUser, deletePoolUser, invalidCredentials, passwordAuth, viewerOf, refreshAuth, revokeRefreshToken, signOutEverywhere,
} from '../providers/cognito.ts';
import { link, mailer } from '../providers/mail.ts';
import { addressOwner } from '../store/addresses.ts';
import { loginOf, recordLogout, rememberLogin } from '../store/logins.ts';
import { createUser, getUser } from '../store/users.ts';
import { checkAge } from '@torcedor/shared/age';
import { issueCode, type CodeRecord } from '../domain/codes.ts';
import { newUserRecord, registeredDetail, toApiUser, trialIsOver, type UserRecord } from '../domain/user.ts';
import { releaseLoginAttempt, reserveLoginAttempt, reserveSignup } from './limits.ts';
import { clearedSessionCookies, REFRESH_MAX_AGE, sessionCookies } from './session-cookies.ts';

const TRIAL_ENDED_MESSAGE = 'Your 7-day trial has ended. Create a free account to keep using Torcedor.';
export const trialEnded = () => new DomainError('TRIAL_ENDED', TRIAL_ENDED_MESSAGE);

function assertAge(dateOfBirth: string, country: string, now: Date) {
  const r = checkAge(dateOfBirth, country, now);
  if (r.ok) return;
  if (r.code === 'UNDER_AGE') throw forbidden(r.message, r.code);
  throw badRequest(r.message, [{ path: ['dateOfBirth'], message: r.message }], r.code);
}

/**
 * Creates the pool user and the stored user, or neither: when storing fails after the pool user was
 * created (or another account claimed the address), the pool user is deleted again so that a retry can succeed.
 */
async function register(
  username: string, password: string, attributes: Record<string, string>, build: (id: string) => UserRecord, attribution: Attribution | undefined,
  code?: CodeRecord,
) {
  const id = await createPoolUser(username, password, attributes);
  const record = build(id);
  try {
    // The member, their address's claim, their first code and their two events in one transaction (the kit's outbox).
    const outcome = await createUser(record, registeredDetail(record, attribution), code);
    if (outcome === 'taken') throw conflict('An account with this email already exists', 'EMAIL_TAKEN');
    if (outcome === 'exists') throw new Error(`user ${record.id} exists already`);
  } catch (err) {
    // The pool user's id, never its username (an email for members).
    await deletePoolUser(username).catch((e: unknown) => logger.error('compensation failed', { error: e as Error, poolUserId: id }));
    throw err;
  }
  return record;
}

/**
 * A new member: unverified, with a verification code emailed (../../README.md, "Email"). The account stands even when
 * the email cannot be sent (logged): the member asks for a new code. The member is signed in at once, as a login does
 * (the session cookies, the login remembered), so the page goes straight on to the first run (docs/product.md, "First
 * run"); reading works unverified, contributions wait for the code.
 */
export const signup: RouteHandler<Routes['signup']> = async ({ body, clientAddress, event, cookies, language }) => {
  const now = new Date();
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const address = await clientAddress();
  await reserveSignup(address, nowSeconds);
  assertAge(body.dateOfBirth, body.country, now);
  const { code, record: codeRecord } = issueCode('VERIFY', body.email, nowSeconds);
  // The new member's language (docs/i18n.md) is the one the sign-up was made in (the page's, sent as Accept-Language):
  // their emails, the first one below included, are written in it, and Settings can change it.
  const record = await register(
    body.email, body.password,
    { email: body.email, given_name: body.firstName, family_name: body.lastName },
    (id) => newUserRecord(id, body.email, {
      email: body.email, emailVerified: false, firstName: body.firstName, lastName: body.lastName, dateOfBirth: body.dateOfBirth, country: body.country,
      language,
    }, now),
    body.attribution, codeRecord,
  );
  await mailer.notify(body.email, (e) => e.verificationEmail(record, code, false, link), 'verify');
  countBusiness('SignUps');
  const tokens = await passwordAuth(body.email, body.password, viewerOf(event, address));
  await startLogin(tokens, record.id);
  cookies.push(...sessionCookies(tokens));
  return { userId: record.id, user: toApiUser(record, false) };
};

/**
 * Signs in with the account's address and password. The address resolves to the pool user name through its claim
 * (members from before claims: the address is the name); an address the account no longer has is refused like a
 * wrong password (../../README.md, "Email").
 */
export const login: RouteHandler<Routes['login']> = async ({ body, clientAddress, event, cookies }) => {
  const nowSeconds = Math.floor(Date.now() / 1000);
  const address = await clientAddress();
  // The attempt is reserved before the password is checked, so attempts past the limit are refused even when
  // they all arrive at once; a success gives it back.
  await reserveLoginAttempt(body.email, address, nowSeconds);
  const username = (await addressOwner(body.email))?.username ?? body.email;
  const tokens = await passwordAuth(username, body.password, viewerOf(event, address));
  const session = await verifySession(tokens.accessToken);
  const user = session && (await getUser(session.userId));
  if (user && user.email !== body.email) {
    if (tokens.refreshToken) await revokeRefreshToken(tokens.refreshToken);
    throw invalidCredentials();
  }
  await releaseLoginAttempt(body.email, address, nowSeconds);
  if (!session || !user) throw unauthorized();
  await startLogin(tokens, user.id);
  cookies.push(...sessionCookies(tokens));
  countBusiness('Logins');
  return toApiUser(user, session.isOwner);
};

export const startTrial: RouteHandler<Routes['startTrial']> = async ({ body, cookies, clientAddress, event }) => {
  const now = new Date();
  const address = await clientAddress();
  await reserveSignup(address, Math.floor(now.getTime() / 1000));
  assertAge(body.dateOfBirth, body.country, now);
  const username = `trial_${randomUUID()}`;
  // The trial has no password the member knows: the session cookies are its only key.
  const password = `${randomBytes(24).toString('base64url')}aA1`;
  const record = await register(username, password, {}, (id) =>
    newUserRecord(id, username, {
      displayName: 'Trial Member', isTrial: true, trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS).toISOString(),
      dateOfBirth: body.dateOfBirth, country: body.country,
    }, now), body.attribution);
  const tokens = await passwordAuth(username, password, viewerOf(event, address));
  await startLogin(tokens, record.id);
  cookies.push(...sessionCookies(tokens));
  countBusiness('TrialsStarted');
  return toApiUser(record, false);
};

export const refreshSession: RouteHandler<Routes['refreshSession']> = async ({ event, cookies }) => {
  const token = readCookies(event.cookies, event.headers.cookie)[REFRESH_COOKIE];
  // Only a login that began after the member's not-before time may renew (a logout or deletion ends it).
  const login = token ? await loginOf(token) : null;
  if (token && (!login || login.loginAtMs < (await notBeforeMsOf(login.userId)))) {
    await revokeRefreshToken(token);
    cookies.push(...clearedSessionCookies());
    throw unauthorized();
  }
  const tokens = token ? await refreshAuth(token) : null;
  const session = tokens && (await verifySession(tokens.accessToken));
  const user = session && (await getUser(session.userId));
  if (!tokens || !user) {
    cookies.push(...clearedSessionCookies());
    throw unauthorized();
  }
  if (trialIsOver(user, new Date())) {
    await revokeRefreshToken(token!);
    cookies.push(...clearedSessionCookies());
    throw trialEnded();
  }
  cookies.push(...sessionCookies(tokens));
  return { ok: true as const };
};

/** A new login: its refresh token is remembered with the time it began (store/logins.ts). */
async function startLogin(tokens: { refreshToken?: string }, userId: string) {
  if (tokens.refreshToken) await rememberLogin(tokens.refreshToken, userId, Date.now(), REFRESH_MAX_AGE);
}

export const loginPage: RouteHandler<Routes['loginPage']> = async () => Reply.redirect('/?auth=login');

/** A GET of the logout link logs nobody out (any page could send one): it shows the page with the Log out button. */
export const logoutPage: RouteHandler<Routes['logoutPage']> = async () => Reply.redirect(LOGOUT_PAGE);

/**
 * Ends the whole session, whichever cookies the browser sends: the refresh token is revoked (it reaches logout:
 * see session-cookies.ts), in AWS the user's tokens are signed out everywhere, and the login's marker is kept as
 * long as its refresh token could live, so no access token that login ever mints again is accepted anywhere. A POST
 * under the state-changing rules (same origin, JSON), so no other site can log a member out.
 */
export const logout: RouteHandler<Routes['logout']> = async ({ event, cookies }) => {
  const jar = readCookies(event.cookies, event.headers.cookie);
  const session = await verifySession(jar[SESSION_COOKIE]);
  if (jar[REFRESH_COOKIE]) await revokeRefreshToken(jar[REFRESH_COOKIE]);
  if (session) {
    await signOutEverywhere(session.username);
    const nowMs = Date.now();
    const expiresAt = Math.max(session.expiresAt, Math.floor(nowMs / 1000) + REFRESH_MAX_AGE);
    // notBeforeMs: every token and login of the member until now ends everywhere (signed out everywhere).
    const revoked = { sessionId: session.sessionId, userId: session.userId, expiresAt, notBeforeMs: nowMs };
    await recordLogout(revoked);
    noteRevoked(revoked);
  }
  cookies.push(...clearedSessionCookies());
  return { ok: true as const };
};
