import { crc32, deflateSync } from 'node:zlib';
import { expect, type Locator, type Page } from '@playwright/test';
import { verifyEmail } from './mail-helpers.ts';
import { originHeaders } from './origin';

const PASSWORD = 'Oliva-Serie-V-54';
const headers = originHeaders;

export interface Member { id: string; name: string; email: string }

/**
 * A fresh member, signed up and logged in through the API in the page's context (the browser keeps the
 * session cookies), their address verified with the emailed code (mail-helpers.ts: members post, comment, review,
 * host and answer events only then; `verified: false` leaves it unverified); answers the member's id as
 * GET /api/auth/user reports it.
 */
export async function signIn(page: Page, firstName: string, lastName: string, o: { verified?: boolean } = {}): Promise<Member> {
  const email = `social-${firstName.toLowerCase()}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const signup = await page.request.post('/api/auth/signup', {
    headers, data: { email, password: PASSWORD, firstName, lastName, dateOfBirth: '1978-11-23', country: 'US' },
  });
  expect(signup.status()).toBe(201);
  const login = await page.request.post('/api/auth/login', { headers, data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const me = await page.request.get('/api/auth/user');
  expect(me.status()).toBe(200);
  const { id } = (await me.json()) as { id: string };
  expect(id).toBeTruthy();
  if (o.verified !== false) await verifyEmail(page);
  return { id, name: `${firstName} ${lastName}`, email };
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real size×size RGB PNG (a checkerboard of tobacco browns), built in memory. */
export function pngBytes(size = 8): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  // compression, filter, interlace: 0
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3); // filter byte 0 (None), then the pixels
    for (let x = 0; x < size; x++) {
      const [r, g, b] = (x + y) % 2 ? [0x8b, 0x5a, 0x2b] : [0x4a, 0x2c, 0x16];
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The value (`<dd>`) of a `<dt>label</dt><dd>value</dd>` counter inside `scope`. */
export const counter = (scope: Locator, label: string) =>
  scope.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

/** Waits until the image has loaded real pixels (scrolling it into view first: feed images load lazily). */
export async function expectImageLoaded(img: Locator) {
  await expect(img).toBeVisible();
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el) => {
    // (the e2e tsconfig has no DOM lib: the element is an HTMLImageElement)
    const image = el as unknown as { complete: boolean; naturalWidth: number };
    return image.complete ? image.naturalWidth : 0;
  }), { timeout: 5_000 }).toBeGreaterThan(0);
}

/** Reloads the page until `target` shows (for what arrives asynchronously, e.g. the fan-out to followers). */
export async function reloadUntilVisible(page: Page, target: Locator, timeout = 10_000) {
  await expect(async () => {
    await page.reload();
    await expect(target).toBeVisible({ timeout: 1_500 });
  }).toPass({ timeout, intervals: [250, 500, 1_000] });
}
