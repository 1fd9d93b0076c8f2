import { expect, test } from '@playwright/test';
import { cachedPaths, serviceWorkerControls, type Browser } from './pwa-helpers';

/**
 * Installable and readable offline (docs/installable.md): the web app manifest and its icons, the service worker
 * taking the page, the member's humidor and wishlist read again offline from the saved copy (and marked as such),
 * nothing else of the API kept, the saved reads forgotten at logout, and the band reader's files cached for offline
 * scans.
 */

const PASSWORD = 'Partagas-Serie-D-4';

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

test.describe('the installable app', () => {
  test('serves a valid web app manifest whose icons are reachable', async ({ page, request }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const res = await request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await res.json()) as {
      name: string; short_name: string; start_url: string; scope: string; display: string; theme_color: string; background_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Torcedor', short_name: 'Torcedor', start_url: '/', scope: '/', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    // What an install asks for: a 192 and a 512 PNG, and a maskable one for Android's shapes.
    const pngs = manifest.icons.filter((i) => i.type === 'image/png');
    expect(pngs.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(pngs.some((i) => i.purpose?.split(' ').includes('maskable'))).toBe(true);
    for (const icon of manifest.icons) {
      const r = await request.get(icon.src);
      expect(r.status(), icon.src).toBe(200);
      expect(r.headers()['content-type'], icon.src).toBe(icon.type);
      if (icon.type === 'image/png') {
        const [w, h] = icon.sizes.split('x').map(Number);
        expect(pngSize(await r.body()), icon.src).toEqual({ width: w, height: h });
      }
    }
    // iOS takes its home-screen icon from the page: 180 × 180, opaque.
    const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    const appleIcon = await request.get(apple!);
    expect(appleIcon.status()).toBe(200);
    expect(pngSize(await appleIcon.body())).toEqual({ width: 180, height: 180 });
  });

  test('registers a service worker that activates, takes the page and precaches the app shell', async ({ page }) => {
    await page.goto('/');
    expect(new URL(await serviceWorkerControls(page)).pathname).toBe('/sw.js');
    const precached = await page.evaluate(async () => {
      const { caches } = globalThis as unknown as Browser;
      const name = (await caches.keys()).find((n) => n.startsWith('workbox-precache'));
      return name ? (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname) : [];
    });
    expect(precached).toEqual(expect.arrayContaining(['/index.html', '/manifest.webmanifest', '/icon-192.png']));
    expect(precached.some((p) => /^\/assets\/index-.+\.js$/.test(p))).toBe(true);
    // The band reader (several MB) is not precached: it is kept when a scan first loads it.
    expect(precached.some((p) => p.startsWith('/tesseract/'))).toBe(false);
  });

  test('reads the humidor and the wishlist offline from the saved copy, marked as such, and forgets them at logout', async ({ page, context, baseURL }) => {
    test.setTimeout(120_000);
    const headers = { origin: new URL(baseURL!).origin };
    const email = `pwa-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
    const signup = await page.request.post('/api/auth/signup', {
      headers, data: { email, password: PASSWORD, firstName: 'Olivia', lastName: 'Offline', dateOfBirth: '1981-03-14', country: 'US' },
    });
    expect(signup.status()).toBe(201);
    expect((await page.request.post('/api/auth/login', { headers, data: { email, password: PASSWORD } })).status()).toBe(200);
    const search = await page.request.get('/api/search?q=Padron');
    expect(search.status()).toBe(200);
    const groups = (await search.json()) as { type: string; items: { id: string; name: string }[] }[];
    const [kept, wished] = groups.find((g) => g.type === 'cigars')!.items;
    expect(kept && wished).toBeTruthy();
    expect((await page.request.post('/api/humidor', { headers, data: { cigarId: kept!.id, quantity: 3, location: 'Offline shelf' } })).status()).toBe(201);
    expect((await page.request.post('/api/wishlist', { headers, data: { cigarId: wished!.id, priority: 4 } })).status()).toBe(201);

    // Online: the first visit installs the worker; the next load's reads go through it and are kept.
    await page.goto('/humidor');
    await serviceWorkerControls(page);
    await page.reload();
    const item = page.getByText('Offline shelf');
    await expect(item).toBeVisible();
    const notice = page.getByRole('status').filter({ hasText: 'Saved copy from' });
    await expect(notice).toHaveCount(0);
    await expect.poll(() => cachedPaths(page, 'torcedor-saved-reads')).toEqual(
      ['/api/auth/user', '/api/humidor', '/api/humidor/conditions', '/api/humidor/summary', '/api/wishlist'],
    );

    // Offline: the page opens from the app shell and shows the saved copy, and says so.
    await context.setOffline(true);
    await page.reload();
    await expect(item).toBeVisible();
    await expect(notice).toHaveText(/^Saved copy from .+ — you are offline$/);
    await page.getByRole('tab', { name: /^Wishlist/ }).click();
    await expect(page.getByRole('tabpanel').getByText(wished!.name).first()).toBeVisible();
    // Nothing else of the API is kept: a read of the feed has no answer offline.
    expect(await page.evaluate(() => fetch('/api/feed').then((r) => r.status, () => 'no answer'))).toBe('no answer');

    // Back online, the page reads again and the notice goes (on the browser's 'online' event, or at the page's next
    // try of the network when the browser did not announce it).
    await context.setOffline(false);
    await expect(notice).toHaveCount(0, { timeout: 30_000 });

    // Logging out forgets the saved reads: the next member on this device never sees them.
    const logout = await page.evaluate(() => fetch('/api/logout', { method: 'POST', headers: { 'content-type': 'application/json' } }).then((r) => r.status));
    expect(logout).toBe(200);
    await expect.poll(() => cachedPaths(page, 'torcedor-saved-reads')).toEqual([]);
  });

  test('keeps the band reader\'s files once loaded, so a scan can read offline', async ({ page, context }) => {
    await page.goto('/');
    await serviceWorkerControls(page);
    const files = ['/tesseract/worker.min.js', '/tesseract/lang/eng.traineddata.gz'];
    const sizes = (paths: string[]) => page.evaluate((ps) => Promise.all(ps.map((p) => fetch(p).then(async (r) => (r.ok ? (await r.arrayBuffer()).byteLength : -r.status), () => -1))), paths);
    const online = await sizes(files);
    expect(online.every((n) => n > 0)).toBe(true);
    // The worker stores a copy after answering: wait until both are kept (under the band reader's versioned name).
    const kept = () => page.evaluate(async () => {
      const { caches } = globalThis as unknown as Browser;
      const name = (await caches.keys()).find((n) => n.startsWith('torcedor-band-reader-'));
      return name ? (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname).sort() : [];
    });
    await expect.poll(kept).toEqual([...files].sort());
    await context.setOffline(true);
    expect(await sizes(files)).toEqual(online);
    // A file never loaded has no answer offline: the ones above came from the kept copies.
    expect(await sizes(['/tesseract/core/tesseract-core-lstm.wasm.js'])).toEqual([-1]);
    await context.setOffline(false);
  });
});
