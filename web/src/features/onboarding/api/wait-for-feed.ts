import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Following someone back-fills the member's feed off the request path (docs/architecture.md, "Feed": FollowChanged), a
 * moment after the follow: the first run reads the feed's first page until it has a post (or `timeoutMs` passed), so it
 * ends on a feed with posts in it. Failures count as not yet.
 */
export async function waitForFeed(timeoutMs = 8_000, everyMs = 700): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const page = await apiCall(routes.getFeed, { query: {} }).catch(() => null);
    if (page && page.items.length > 0) return true;
    if (Date.now() + everyMs > until) return false;
    await sleep(everyMs);
  }
}
