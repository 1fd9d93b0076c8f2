/// <reference lib="webworker" />
/**
 * The service worker (docs/installable.md), built by vite-plugin-pwa into /sw.js with the list of the build's files
 * injected at `self.__WB_MANIFEST`:
 * - the app shell precached (index.html, the scripts, the styles, the icons), every page opening from it offline;
 * - the member's humidor, wishlist and signed-in member read network first and kept (lib/offline-cache.ts), answered
 *   from the saved copy only when the network does not answer, stamped with when they were saved; emptied at every
 *   session change;
 * - the band reader's files (docs/band-scan.md, "On the device") cache first, so a band read once reads offline;
 * - nothing else: the rest of the API, the live connection, uploads and other origins go to the network untouched.
 * A new version waits until the page hands over (lib/pwa.ts): it activates on the next load.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { clientsClaim } from 'workbox-core';
import type { WorkboxPlugin } from 'workbox-core/types';
import { TESSERACT_BASE } from '@/features/scan/lib/tesseract-assets';
import { BAND_READER_CACHE_PREFIX, changesSession, isKeepable, isSavedRead, SAVED_READS_CACHE, stampSaved } from '@/lib/offline-cache';

declare let self: ServiceWorkerGlobalScope;
/** The band reader's version (tesseract.js, its core and the language data), set by web/vite.config.ts. */
declare const __BAND_READER_VERSION__: string;

const BAND_READER_CACHE = `${BAND_READER_CACHE_PREFIX}${__BAND_READER_VERSION__}`;

/**
 * A session change (log in, sign up, log out, ...) empties the saved reads before anything else: the request itself
 * goes to the network untouched (no answer is given here), and a read that wants to be kept waits for the emptying.
 */
let emptying: Promise<unknown> = Promise.resolve();
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin || !changesSession(event.request.method, url.pathname)) return;
  emptying = caches.delete(SAVED_READS_CACHE);
  event.waitUntil(emptying);
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  // Band reader files of an earlier version are not kept beside the current ones.
  event.waitUntil(caches.keys().then((names) => Promise.all(
    names.filter((n) => n.startsWith(BAND_READER_CACHE_PREFIX) && n !== BAND_READER_CACHE).map((n) => caches.delete(n)),
  )));
});

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first version takes the open page at once (its next reads are kept); a later one activates only when handed
// over, and the pages it then controls were already controlled.
clientsClaim();

// Every page of the app is the shell (the SPA routes itself); the API, the uploads, the API reference and files
// (a path with a dot: robots.txt, sitemap.xml) are not pages.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), {
  denylist: [/^\/api(\/|$)/, /^\/api-docs\//, /^\/uploads\//, /^\/tesseract\//, /\/[^/]*\.[^/]*$/],
}));

/** Saved reads: only a full answer of ours is kept, stamped; a 401 (the session is gone) empties them. */
const savedReads: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (!isKeepable(response)) return null;
    await emptying;
    return stampSaved(response, new Date());
  },
  fetchDidSucceed: async ({ response }) => {
    if (response.status === 401) await caches.delete(SAVED_READS_CACHE);
    return response;
  },
};

registerRoute(
  ({ url, request }) => url.origin === self.location.origin && isSavedRead(request.method, url.pathname),
  new NetworkFirst({ cacheName: SAVED_READS_CACHE, plugins: [savedReads] }),
);

registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.method === 'GET' && url.pathname.startsWith(`${TESSERACT_BASE}/`),
  new CacheFirst({ cacheName: BAND_READER_CACHE, plugins: [new CacheableResponsePlugin({ statuses: [200] })] }),
);
