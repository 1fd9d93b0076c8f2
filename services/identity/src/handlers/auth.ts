import { randomBytes, randomUUID } from 'node:crypto';
import { readCookies, REFRESH_COOKIE, SESSION_COOKIE } from '@torcedor/service-kit/cookies';
import { markRevoked } from '@torcedor/service-kit/revocation';
import { badRequest, forbidden, DomainError, tooManyRequests, unauthorized } from '@torcedor/service-kit/errors';
import { publish } from '@torcedor/service-kit/events';
import { Reply, type RouteHandler } from '@torcedor/service-kit/http';
import { logger } from '@torcedor/service-kit/logger';
import { countBusiness } from '@torcedor/service-kit/observability';
import { verifySession } from '@torcedor/service-kit/session';
import { DAY_MS, TRIAL_DAYS } from '@torcedor/shared/constants';
import { DEFAULT_SETTINGS } from '@torcedor/shared/schemas/identity';
import type { Routes } from '@torcedor/shared/routes';
import { config } from '../config.ts';
import { addToOwners, createPoolUser, deletePoolUser, passwordAuth, refreshAuth, revokeRefreshToken, type Tokens } from '../adapters/cognito.ts';
import { createUser, getUser, type UserRecord } from '../data/users.ts';
import { loginBlockedFor, recordLoginFailure } from '../data/throttle.ts';
import { checkAge } from '@torcedor/shared/age';
import { toApiUser } from '../domain/user.ts';
import { displayName } from '@torcedor/shared/formatters';
import { clearedSessionCookies, sessionCookies } from './session-cookies.ts';

const TRIAL_ENDED_MESSAGE = 'Your 7-day trial has ended. Create a free account to keep using Torcedor.';
export const trialEnded = () => new DomainError('TRIAL_ENDED', TRIAL_ENDED_MESSAGE);
export const trialIsOver = (u: UserRecord, now: Date) => u.isTrial && !!u.trialEndsAt && new Date(u.trialEndsAt).getTime() <= now.getTime();

function assertAge(dateOfBirth: string, country: string, now: Date) {
  const r = checkAge(dateOfBirth, country, now);
  if (r.ok) return;
  if (r.code === 'UNDER_AGE') throw forbidden(r.message, r.code);
  throw badRequest(r.message, [{ path: ['dateOfBirth'], message: r.message }], r.code);
}

function newRecord(id: string, username: string, fields: Partial<UserRecord>, now: Date): UserRecord {
  return {
    id, username, email: null, firstName: null, lastName: null, displayName: null, profileImageUrl: null, bio: null, location: null,
    isSubscribed: false, isTrial: false, trialEndsAt: null,
    followingCount: 0, followersCount: 0, reviewsCount: 0, humidorCount: 0, wishlistCount: 0,
    ...DEFAULT_SETTINGS, createdAt: now.toISOString(), dateOfBirth: null, country: null, profileVersion: 1, ...fields,
  };
}

/**
 * Creates the pool user and the stored user, or neither: when storing fails after the pool user was
 * created, the pool user is deleted again so that a retry can succeed.
 */
async function register(username: string, password: string, attributes: Record<string, string>, build: (id: string) => UserRecord, owner: boolean) {
  const id = await createPoolUser(username, password, attributes);
  const record = build(id);
  try {
    if (owner) await addToOwners(username);
    await createUser(record);
  } catch (err) {
    // The pool user's id, never its username (an email for members).
    await deletePoolUser(username).catch((e: unknown) => logger.error('compensation failed', { error: e as Error, poolUserId: id }));
    throw err;
  }
  await announce(record);
  return record;
}

async function announce(u: UserRecord) {
  await publish('UserRegistered', {
    userId: u.id, email: u.email, firstName: u.firstName, lastName: u.lastName,
    kind: u.isTrial ? 'trial' : 'member', registeredAt: u.createdAt, trialEndsAt: u.trialEndsAt,
  });
  await publish('UserProfileChanged', { userId: u.id, version: u.profileVersion, displayName: displayName(u), location: u.location, profileImageUrl: u.profileImageUrl });
}

export const signup: RouteHandler<Routes['signup']> = async ({ body }) => {
  const now = new Date();
  assertAge(body.dateOfBirth, body.country, now);
  const record = await register(
    body.email, body.password,
    { email: body.email, given_name: body.firstName, family_name: body.lastName },
    (id) => newRecord(id, body.email, { email: body.email, firstName: body.firstName, lastName: body.lastName, dateOfBirth: body.dateOfBirth, country: body.country }, now),
    config.OWNER_EMAILS.includes(body.email),
  );
  countBusiness('SignUps');
  return { userId: record.id };
};

export const login: RouteHandler<Routes['login']> = async ({ body, sourceIp, cookies }) => {
  const nowSeconds = Math.floor(Date.now() / 1000);
  const wait = await loginBlockedFor(body.email, sourceIp, nowSeconds);
  if (wait > 0) throw tooManyRequests('Too many failed sign-in attempts. Please wait a few minutes and try again.', 'LOGIN_THROTTLED', wait);
  let tokens: Tokens;
  try {
    tokens = await passwordAuth(body.email, body.password);
  } catch (err) {
    if (err instanceof DomainError && err.code === 'INVALID_CREDENTIALS') await recordLoginFailure(body.email, sourceIp, nowSeconds);
    throw err;
  }
  const session = await verifySession(tokens.accessToken);
  const user = session && (await getUser(session.userId));
  if (!session || !user) throw unauthorized();
  cookies.push(...sessionCookies(tokens));
  countBusiness('Logins');
  return toApiUser(user, session.isOwner);
};

export const startTrial: RouteHandler<Routes['startTrial']> = async ({ body, cookies }) => {
  const now = new Date();
  assertAge(body.dateOfBirth, body.country, now);
  const username = `trial_${randomUUID()}`;
  // The trial has no password the member knows: the session cookies are its only key.
  const password = `${randomBytes(24).toString('base64url')}aA1`;
  const record = await register(username, password, {}, (id) =>
    newRecord(id, username, {
      displayName: 'Trial Member', isTrial: true, trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS).toISOString(),
      dateOfBirth: body.dateOfBirth, country: body.country,
    }, now), false);
  const tokens = await passwordAuth(username, password);
  cookies.push(...sessionCookies(tokens));
  countBusiness('TrialsStarted');
  return toApiUser(record, false);
};

export const refreshSession: RouteHandler<Routes['refreshSession']> = async ({ event, cookies }) => {
  const token = readCookies(event.cookies, event.headers.cookie)[REFRESH_COOKIE];
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

export const loginPage: RouteHandler<Routes['loginPage']> = async () => Reply.redirect('/?auth=login');

/** Ends the session everywhere: revokes the refresh token, marks the access token revoked, clears cookies. */
export const logout: RouteHandler<Routes['logout']> = async ({ event }) => {
  const jar = readCookies(event.cookies, event.headers.cookie);
  const session = await verifySession(jar[SESSION_COOKIE]);
  if (jar[REFRESH_COOKIE]) await revokeRefreshToken(jar[REFRESH_COOKIE]);
  if (session) {
    const revoked = { sessionId: session.sessionId, userId: session.userId, expiresAt: session.expiresAt };
    await markRevoked(revoked);
    await publish('SessionRevoked', revoked);
  }
  return Reply.redirect('/', clearedSessionCookies());
};
