import { clearCookie, REFRESH_COOKIE, SESSION_COOKIE, serializeCookie } from '@torcedor/service-kit/cookies';
import { SIGNED_IN_HINT_COOKIE } from '@torcedor/shared/constants';
import { secureCookies } from '../config.ts';
import type { Tokens } from '../providers/cognito.ts';

/**
 * The refresh cookie is sent only where it is used: to the auth routes (renewal) and to logout, which must
 * revoke it whatever else the browser sends (two cookies of one name, one per path; docs/decisions.md,
 * "Sessions").
 */
const REFRESH_PATHS = ['/api/auth', '/api/logout'] as const;
/** How long a refresh token (and so a login) can live: the user pool client's refresh token validity. */
export const REFRESH_MAX_AGE = 30 * 24 * 3600;

export function sessionCookies(t: Tokens): string[] {
  const out = [
    serializeCookie(SESSION_COOKIE, t.accessToken, { secure: secureCookies, maxAgeSeconds: t.expiresIn }),
    // The page's hint that a session may exist (no secret): it lives as long as a login can.
    serializeCookie(SIGNED_IN_HINT_COOKIE, '1', { secure: secureCookies, maxAgeSeconds: REFRESH_MAX_AGE, readableByPage: true }),
  ];
  if (t.refreshToken) {
    for (const path of REFRESH_PATHS) out.push(serializeCookie(REFRESH_COOKIE, t.refreshToken, { secure: secureCookies, maxAgeSeconds: REFRESH_MAX_AGE, path }));
  }
  return out;
}

export const clearedSessionCookies = () => [
  clearCookie(SESSION_COOKIE, { secure: secureCookies }),
  clearCookie(SIGNED_IN_HINT_COOKIE, { secure: secureCookies, readableByPage: true }),
  ...REFRESH_PATHS.map((path) => clearCookie(REFRESH_COOKIE, { secure: secureCookies, path })),
];
