import { expect, type Page } from '@playwright/test';

/**
 * The service worker and its caches as the page sees them (docs/installable.md), for the tests of the installable app
 * and of band scan offline.
 */

/**
 * The browser globals the page functions below use (this project is typed for Node, without the DOM library): each
 * function passed to page.evaluate reads them as `(globalThis as unknown as Browser)`.
 */
export interface Browser {
  navigator: { serviceWorker: { controller: { state: string; scriptURL: string } | null } };
  caches: {
    has(name: string): Promise<boolean>;
    keys(): Promise<string[]>;
    open(name: string): Promise<{ keys(): Promise<{ url: string }[]> }>;
  };
}

/** Waits until the service worker is active and controls the page; answers its script URL. */
export async function serviceWorkerControls(page: Page): Promise<string> {
  await expect.poll(() => page.evaluate(() => (globalThis as unknown as Browser).navigator.serviceWorker.controller?.state ?? null), { timeout: 30_000 }).toBe('activated');
  return page.evaluate(() => (globalThis as unknown as Browser).navigator.serviceWorker.controller!.scriptURL);
}

/** The paths held in a cache of the page's origin. */
export const cachedPaths = (page: Page, cacheName: string) =>
  page.evaluate(async (name) => {
    const { caches } = globalThis as unknown as Browser;
    if (!(await caches.has(name))) return [];
    return (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname).sort();
  }, cacheName);
