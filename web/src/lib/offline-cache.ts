import { CURRENT_USER_PATH } from '@torcedor/shared/constants';

/**
 * What the service worker (src/sw.ts) keeps for offline use and when it lets it go (docs/installable.md). Pure rules,
 * shared by the worker and the page, so the two cannot disagree.
 */

/** The member's saved reads: their answers, kept for offline use. One cache, emptied whenever the session changes. */
export const SAVED_READS_CACHE = 'torcedor-saved-reads';

/** The band reader's files (docs/band-scan.md, "On the device"), kept for scanning offline; the name carries their version. */
export const BAND_READER_CACHE_PREFIX = 'torcedor-band-reader-';

/** Set by the service worker on a saved read as it is stored: when it was saved (ISO 8601). A network answer never has it. */
export const SAVED_AT_HEADER = 'x-torcedor-saved-at';

/**
 * The reads that are kept: the member's own humidor (its items, totals, analytics and conditions log), the
 * wishlist, band scan's catalog rows (matched on the device offline: docs/band-scan.md, "Offline"), and the signed-in
 * member (the signed-in pages cannot open without it). Nothing else of the API, and only
 * GETs: never a write, never another /api/auth call, never the live connection.
 */
const SAVED_READ_PATHS = [/^\/api\/humidor(\/(summary|analytics|conditions))?$/, /^\/api\/wishlist$/, /^\/api\/band-catalog$/];

export function isSavedRead(method: string, pathname: string): boolean {
  return method === 'GET' && (pathname === CURRENT_USER_PATH || SAVED_READ_PATHS.some((p) => p.test(pathname)));
}

/**
 * The requests after which the saved reads may belong to someone else, or to no one: signing up, logging in, starting
 * a trial, logging out, resetting the password (it ends every session) and deleting the account. Each empties the
 * saved reads, so the next member on the device never sees the last one's.
 */
const SESSION_CHANGES = new Set([
  'POST /api/auth/signup',
  'POST /api/auth/login',
  'POST /api/auth/trial',
  'POST /api/auth/reset-password',
  'POST /api/logout',
  'GET /api/logout',
  'DELETE /api/user',
]);

export function changesSession(method: string, pathname: string): boolean {
  return SESSION_CHANGES.has(`${method} ${pathname}`);
}

/** Whether an answer may be kept: a full, successful answer of our own origin (never an error, never a redirect). */
export function isKeepable(response: Pick<Response, 'status' | 'type'>): boolean {
  return response.status === 200 && (response.type === 'basic' || response.type === 'default');
}

/** The answer as it is stored: the same status, headers and body, stamped with when it was saved. */
export async function stampSaved(response: Response, now: Date): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT_HEADER, now.toISOString());
  return new Response(await response.arrayBuffer(), { status: response.status, statusText: response.statusText, headers });
}

/** When a saved copy was saved, or null for a network answer (or a stamp that is not a date). */
export function savedAtOf(response: Pick<Response, 'headers'>): Date | null {
  const value = response.headers.get(SAVED_AT_HEADER);
  if (!value) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}
