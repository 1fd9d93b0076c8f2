import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test as base, type Page } from '@playwright/test';
import { cachedPaths, serviceWorkerControls } from './pwa-helpers';
import { signIn } from './social-helpers.ts';

/**
 * Band scan on the device (docs/band-scan.md, "On the device"): Chromium's fake camera plays a Y4M video of a
 * band, the page reads it with tesseract.js from our own origin, the server matches the text, and the cigar goes
 * into the humidor. The video is made in the test itself: the band is drawn on a canvas in the page, its pixels
 * converted to I420 and written where the browser's fake camera reads from (it opens the file when the page asks
 * for the camera, so it only has to exist by then).
 */
const VIDEO = fileURLToPath(new URL('../test-results/scan-band.y4m', import.meta.url));
const WIDTH = 640;
const HEIGHT = 480;

/**
 * The project's browser and flags (playwright.config.ts), plus Chromium's fake camera playing VIDEO and its
 * permission prompt answered yes.
 */
const test = base.extend({
  launchOptions: [async ({ launchOptions }, use) => {
    await use({
      ...launchOptions,
      args: [...(launchOptions.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${VIDEO}`],
    });
  }, { scope: 'worker' }],
});

/** A real catalog cigar's band, drawn in the page: dark serif capitals on a cream band filling the frame's middle. */
async function drawBand(page: Page): Promise<Uint8Array> {
  const rgba = await page.evaluate(({ width, height }) => {
    // (the e2e tsconfig has no DOM lib: the page's own types are not in scope)
    const doc = (globalThis as unknown as { document: { createElement(tag: 'canvas'): any } }).document;
    const canvas = doc.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const g = canvas.getContext('2d');
    g.fillStyle = '#4a2c16';
    g.fillRect(0, 0, width, height);
    g.fillStyle = '#f1e7cf';
    g.fillRect(0, height * 0.2, width, height * 0.6);
    g.fillStyle = '#b8912f';
    g.fillRect(0, height * 0.23, width, 4);
    g.fillRect(0, height * 0.77 - 4, width, 4);
    g.fillStyle = '#1b1208';
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.font = 'bold 84px serif';
    g.fillText('PADRÓN', width / 2, height * 0.43);
    g.font = 'bold 48px serif';
    g.fillText('1926 SERIE', width / 2, height * 0.6);
    return Array.from(g.getImageData(0, 0, width, height).data as ArrayLike<number>);
  }, { width: WIDTH, height: HEIGHT });
  return Uint8Array.from(rgba);
}

/** RGBA to an I420 frame (BT.601, video range): the Y plane, then U and V at half resolution (2×2 averages). */
function i420(rgba: Uint8Array, width: number, height: number): Buffer {
  const y = Buffer.alloc(width * height);
  const u = Buffer.alloc((width / 2) * (height / 2));
  const v = Buffer.alloc((width / 2) * (height / 2));
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const i = (row * width + col) * 4;
      y[row * width + col] = Math.round(16 + (65.481 * rgba[i]! + 128.553 * rgba[i + 1]! + 24.966 * rgba[i + 2]!) / 255);
    }
  }
  for (let row = 0; row < height / 2; row++) {
    for (let col = 0; col < width / 2; col++) {
      let r = 0;
      let gr = 0;
      let b = 0;
      for (const [dy, dx] of [[0, 0], [0, 1], [1, 0], [1, 1]] as const) {
        const i = ((row * 2 + dy) * width + col * 2 + dx) * 4;
        r += rgba[i]! / 4;
        gr += rgba[i + 1]! / 4;
        b += rgba[i + 2]! / 4;
      }
      u[row * (width / 2) + col] = Math.round(128 + (-37.797 * r - 74.203 * gr + 112 * b) / 255);
      v[row * (width / 2) + col] = Math.round(128 + (112 * r - 93.786 * gr - 18.214 * b) / 255);
    }
  }
  return Buffer.concat([y, u, v]);
}

/** A minimal Y4M file: the stream header, then a few identical frames (the fake camera loops it). */
function y4m(frame: Buffer, width: number, height: number, frames = 5): Buffer {
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`, 'latin1');
  return Buffer.concat([header, ...Array.from({ length: frames }, () => Buffer.concat([Buffer.from('FRAME\n', 'latin1'), frame]))]);
}

test.describe('band scan', () => {
  test('the camera reads a Padrón 1926 band on the device, and the cigar goes into the humidor', async ({ page }) => {
    test.setTimeout(120_000);
    const violations: string[] = [];
    page.on('console', (m) => { if (/Content.Security.Policy|Refused to/i.test(m.text())) violations.push(m.text()); });
    const ocrAssets: string[] = [];
    page.on('request', (r) => { if (/tesseract|traineddata|\.wasm/.test(r.url())) ocrAssets.push(r.url()); });

    await signIn(page, 'Bea', 'Banda');
    await page.goto('/');
    mkdirSync(dirname(VIDEO), { recursive: true });
    writeFileSync(VIDEO, y4m(i420(await drawBand(page), WIDTH, HEIGHT), WIDTH, HEIGHT));

    // The header's scan button leads to the page; nothing of the OCR engine has loaded yet.
    await page.getByRole('link', { name: 'Scan a cigar band' }).click();
    await expect(page).toHaveURL(/\/scan$/);
    // The site's CSP lets WebAssembly compile ('wasm-unsafe-eval'), never eval itself.
    const csp = (await page.request.get('/scan')).headers()['content-security-policy']!;
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval'/);
    expect(csp).not.toContain("'unsafe-eval'");
    await expect(page.getByRole('heading', { level: 1, name: 'Scan a Band' })).toBeVisible();
    await expect(page.getByText('The photo never leaves your device unless you ask', { exact: false })).toBeVisible();
    const preview = page.getByLabel('Camera preview');
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((el) => (el as unknown as { videoWidth: number }).videoWidth)).toBe(WIDTH);
    await expect(page.getByTestId('framing-guide')).toBeVisible();
    expect(ocrAssets).toEqual([]);

    await page.getByRole('button', { name: 'Capture' }).click();
    await expect(page.getByRole('progressbar')).toBeVisible();
    const read = page.getByRole('region', { name: 'Read on the band' });
    await expect(read).toContainText(/PADR[OÓ]N/, { timeout: 60_000 });
    await expect(read).toContainText('1926 SERIE');

    const matches = page.getByRole('list', { name: 'Matching cigars' });
    await expect(matches).toBeVisible({ timeout: 15_000 });
    const padron = matches.getByRole('article').filter({ hasText: '1926 Serie' }).first();
    await expect(padron).toContainText('Padrón');
    await expect(padron).toContainText(/\d+% match/);
    await expect(padron.getByRole('list', { name: 'Matched words' })).toContainText('Padrón');
    await expect(padron.getByRole('link', { name: /^Write a review of Padrón 1926 Serie/ })).toHaveAttribute('href', /\/cigars\/padron-1926-serie-[a-z0-9-]+\?review=1$/);
    const name = (await padron.getByRole('heading', { level: 3 }).textContent())!;

    await padron.getByRole('button', { name: /^Add to Humidor/ }).click();
    await expect(page.getByTestId('toast')).toContainText('Item added to humidor');

    // Everything the engine needed came from our origin (worker, core, language data), under /tesseract/.
    const origin = new URL(page.url()).origin;
    expect(ocrAssets.length).toBeGreaterThan(0);
    for (const url of ocrAssets) expect(url.startsWith(`${origin}/tesseract/`) || url.startsWith(`${origin}/assets/`)).toBe(true);
    expect(violations).toEqual([]);

    await page.goto('/humidor');
    const items = page.getByRole('tabpanel', { name: 'My Humidor' }).getByRole('listitem');
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(name);
  });

  test('offline, the band is matched on the device against the catalog kept from an earlier visit', async ({ page, context }) => {
    test.setTimeout(150_000);
    await signIn(page, 'Olga', 'Offline');
    await page.goto('/');
    mkdirSync(dirname(VIDEO), { recursive: true });
    writeFileSync(VIDEO, y4m(i420(await drawBand(page), WIDTH, HEIGHT), WIDTH, HEIGHT));
    await serviceWorkerControls(page);
    // A visit to the scan page online keeps the catalog's rows (docs/band-scan.md, "Offline").
    await page.goto('/scan');
    await expect.poll(() => cachedPaths(page, 'torcedor-saved-reads'), { timeout: 30_000 }).toContain('/api/band-catalog');
    // A first scan online loads the band reader, which the service worker keeps.
    await page.getByRole('button', { name: 'Capture' }).click();
    const matches = page.getByRole('list', { name: 'Matching cigars' });
    await expect(matches).toBeVisible({ timeout: 75_000 });
    await expect(page.getByText(/^You are offline/)).toHaveCount(0);

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Scan another band' }).click();
    await page.getByRole('button', { name: 'Capture' }).click();
    await expect(page.getByText(/^You are offline: these matches come from the catalog saved on this device/)).toBeVisible({ timeout: 60_000 });
    const padron = matches.getByRole('article').filter({ hasText: '1926 Serie' }).first();
    await expect(padron).toContainText('Padrón');
    await expect(padron).toContainText(/\d+% match/);
    // Nothing offered that needs the server.
    await expect(padron.getByRole('button', { name: /^Add to Humidor/ })).toHaveCount(0);
    await context.setOffline(false);
  });
});
