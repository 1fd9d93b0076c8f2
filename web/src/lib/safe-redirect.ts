const MAX_LENGTH = 2000;
const BASE = 'https://torcedor.invalid';

/**
 * Whether `target` may be followed after logging in: a path on this origin only (open-redirect safe).
 * It must start with a single `/` (not `//host` nor `/\host`, which browsers read as another host), hold
 * no backslash, whitespace or control character (browsers drop or rewrite those, which can turn a path
 * into a host), and resolve to this origin.
 */
export function isSafeRedirect(target: unknown): target is string {
  if (typeof target !== 'string' || target.length > MAX_LENGTH) return false;
  if (!target.startsWith('/') || target.startsWith('//')) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\\\s\u0000-\u001f\u007f]/.test(target)) return false;
  try {
    return new URL(target, BASE).origin === BASE;
  } catch {
    return false;
  }
}

/** `target` when it is safe to follow (see isSafeRedirect), else undefined. */
export const safeRedirect = (target: unknown): string | undefined => (isSafeRedirect(target) ? target : undefined);

/**
 * The landing page's login dialog, asked to return to `returnTo` after logging in. Without a page to
 * return to (none, the home itself, or an unsafe target) it is the plain login dialog, where /api/login sends a browser.
 */
export function loginHref(returnTo?: string): string {
  const target = safeRedirect(returnTo);
  if (!target || target === '/') return '/?auth=login';
  return `/?${new URLSearchParams({ auth: 'login', redirect: target })}`;
}
