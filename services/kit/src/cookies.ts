/** Cookie names of a session (docs/architecture.md, "Sessions"). */
export const SESSION_COOKIE = 'torcedor_session';
export const REFRESH_COOKIE = 'torcedor_refresh';

/** Cookies of an API Gateway v2 event (its `cookies` array, or a Cookie header). */
export function readCookies(cookies: readonly string[] | undefined, header?: string): Record<string, string> {
  const out: Record<string, string> = {};
  const parts = cookies?.length ? cookies : (header ?? '').split(';');
  for (const part of parts) {
    const i = part.indexOf('=');
    if (i <= 0) continue;
    const name = part.slice(0, i).trim();
    const raw = part.slice(i + 1).trim();
    if (!raw.includes('%')) {
      out[name] = raw;
      continue;
    }
    try {
      out[name] = decodeURIComponent(raw);
    } catch {
      out[name] = raw;
    }
  }
  return out;
}

export interface CookieOptions {
  maxAgeSeconds?: number;
  secure: boolean;
  path?: string;
  /** Leave out HttpOnly: only for a cookie that carries no secret (the signed-in hint). */
  readableByPage?: boolean;
}
/** A Set-Cookie value: HttpOnly (unless `readableByPage`), SameSite=Lax, Path=/ and Secure outside localhost. */
export function serializeCookie(name: string, value: string, o: CookieOptions): string {
  const attrs = [`${name}=${encodeURIComponent(value)}`, `Path=${o.path ?? '/'}`, ...(o.readableByPage ? [] : ['HttpOnly']), 'SameSite=Lax'];
  if (o.maxAgeSeconds !== undefined) attrs.push(`Max-Age=${o.maxAgeSeconds}`);
  if (o.secure) attrs.push('Secure');
  return attrs.join('; ');
}
export const clearCookie = (name: string, o: Omit<CookieOptions, 'maxAgeSeconds'>) =>
  serializeCookie(name, '', { ...o, maxAgeSeconds: 0 });
