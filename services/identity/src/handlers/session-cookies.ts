import { clearCookie, REFRESH_COOKIE, SESSION_COOKIE, serializeCookie } from '@torcedor/service-kit/cookies';
import { secureCookies } from '../config.ts';
import type { Tokens } from '../adapters/cognito.ts';

/** The refresh cookie is only sent to the auth routes that use it. */
const REFRESH_PATH = '/api/auth';
const REFRESH_MAX_AGE = 30 * 24 * 3600;

export function sessionCookies(t: Tokens): string[] {
  const out = [serializeCookie(SESSION_COOKIE, t.accessToken, { secure: secureCookies, maxAgeSeconds: t.expiresIn })];
  if (t.refreshToken) out.push(serializeCookie(REFRESH_COOKIE, t.refreshToken, { secure: secureCookies, maxAgeSeconds: REFRESH_MAX_AGE, path: REFRESH_PATH }));
  return out;
}

export const clearedSessionCookies = () => [
  clearCookie(SESSION_COOKIE, { secure: secureCookies }),
  clearCookie(REFRESH_COOKIE, { secure: secureCookies, path: REFRESH_PATH }),
];
