import { CURRENT_USER_PATH, EVENTS_PAGE_SIZE } from '@torcedor/shared/constants';
import { config } from '@/config';
import { type EarlyReads } from './early-read-take';
import { hasSignedInHint } from './session-hints';

/**
 * A signed-in page's first reads, sent as the page starts (docs/decisions.md, "First screen"): index.html's own small
 * script (src/boot.ts, built apart by web/vite.config.ts) sends them beside the app's code instead of after it, the
 * member's read and the page's own first reads at once. The API client takes each answer once, by its URL, and reads
 * it as any other (a 401 still renews the session and asks again: early-read-take.ts). main.tsx calls the same start, which does nothing
 * when the script ran first, so a page whose script did not run still asks for the member before the router starts.
 */
/** A page's first reads: paths (with their query) sent at once, and those that need the member's id. */
export interface FirstReads {
  now: string[];
  afterUser?: (userId: string) => string[];
}

const PROFILE = /^\/profile(?:\/([^/]+))?\/?$/;

/**
 * The reads each signed-in page's loader makes first, by the page's path and search, written as the API client
 * writes their URLs (early-reads.test.ts holds them to the routes' loaders). A page not listed asks for the member only.
 */
export function firstReads(pathname: string, search: URLSearchParams): FirstReads {
  const events = `/api/events?limit=${EVENTS_PAGE_SIZE}`;
  if (pathname === '/') return { now: ['/api/feed', events] };
  if (pathname === '/humidor') return { now: ['/api/humidor', '/api/humidor/summary', '/api/wishlist', '/api/humidor/conditions'] };
  if (pathname === '/events') return { now: [events] };
  const profile = PROFILE.exec(pathname);
  if (!profile) return { now: [] };
  const tab = search.get('tab') ?? 'posts';
  const list = (id: string) => (tab === 'posts' ? [`/api/users/${id}/posts`] : tab === 'reviews' ? [`/api/users/${id}/reviews`] : []);
  const other = profile[1] && decodeURIComponent(profile[1]);
  return other ? { now: [`/api/users/${encodeURIComponent(other)}`] } : { now: [], afterUser: list };
}

/** Sends the member's read and the page's first reads, once per page load, when the signed-in hint is there. */
export function startEarlyReads(page: { pathname: string; search: string } = location, now = Date.now()): void {
  if (globalThis.torcedorEarlyReads) return;
  const reads: EarlyReads = { at: now, sent: new Map() };
  globalThis.torcedorEarlyReads = reads;
  if (!hasSignedInHint()) return;
  const get = (path: string) => {
    const url = `${config.VITE_API_ORIGIN}${path}`;
    const sent = fetch(url, { credentials: 'include' });
    // A read nobody takes (offline, say) must not be reported as an unhandled failure; the taker still sees it.
    sent.catch(() => undefined);
    reads.sent.set(url, sent);
    return sent;
  };
  const user = get(CURRENT_USER_PATH);
  const first = firstReads(page.pathname, new URLSearchParams(page.search));
  first.now.forEach(get);
  const { afterUser } = first;
  if (afterUser) {
    void user
      .then((r) => (r.ok ? (r.clone().json() as Promise<{ id?: unknown }>) : null))
      .then((u) => { if (typeof u?.id === 'string') afterUser(encodeURIComponent(u.id)).forEach(get); })
      .catch(() => undefined);
  }
}
