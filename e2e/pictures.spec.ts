import { expect, test, type Locator, type Page } from '@playwright/test';
import { newestCode } from './mail-helpers.ts';
import { expectImageLoaded, pngBytes } from './social-helpers.ts';

/**
 * A cigar the demo club has not reviewed (the member's photo is its first), early in the catalog: social learns the
 * catalog's cigars in pages, the first a few seconds after the stack's import.
 */
const REVIEWED = { id: 'padron-1964-anniversary-series-torpedo', name: '1964 Anniversary Series Torpedo', query: 'Padron' };
/** A cigar nobody adds a photo to in this run: it is drawn from the catalog. */
const UNPHOTOGRAPHED = { id: 'padron-1964-anniversary-series-imperial', query: 'Padron' };
const PASSWORD = 'Oliva-Serie-V-54';
const VIEWPORTS = [{ width: 390, height: 844 }, { width: 1280, height: 800 }];

/**
 * A fresh member, signed up and logged in through the API in the page's context, their address verified with the
 * emailed code (members review only then). State-changing calls carry the app's own origin (any E2E_PORT).
 */
async function signIn(page: Page, baseURL: string): Promise<{ name: string }> {
  const headers = { origin: new URL(baseURL).origin };
  const email = `pictures-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const signup = await page.request.post('/api/auth/signup', {
    headers, data: { email, password: PASSWORD, firstName: 'Pia', lastName: 'Ceniza', dateOfBirth: '1980-04-02', country: 'US' },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const login = await page.request.post('/api/auth/login', { headers, data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const verified = await page.request.post('/api/auth/verify-email', { headers, data: { code: await newestCode(page.request, email) } });
  expect(verified.status(), await verified.text()).toBe(200);
  // Social's copy of the member says the address is verified once a review of no cigar is refused as such (400), not
  // as unverified (403); it writes nothing either way.
  const probe = { cigarId: 'no-such-cigar', drawScore: 50, burnScore: 50, flavorScore: 50, overallScore: 50 };
  await expect.poll(async () => (await page.request.post('/api/reviews', { headers, data: probe })).status(), { timeout: 10_000 }).toBe(400);
  return { name: 'Pia Ceniza' };
}

/** Every visible <img> in `scope` loads real pixels (scrolled to first: pictures load lazily): none is broken. */
async function expectNoBrokenImage(scope: Locator) {
  for (const img of await scope.locator('img:visible').all()) await expectImageLoaded(img);
}

/** Reloads `page` until `target` shows (what another service learns from an event arrives a moment later). */
async function reloadUntilVisible(page: Page, target: Locator, timeout = 20_000) {
  await expect.poll(async () => {
    if (await target.first().isVisible()) return true;
    await page.reload();
    await page.waitForLoadState('networkidle').catch(() => {});
    return target.first().isVisible();
  }, { timeout, intervals: [500, 1_000, 2_000] }).toBe(true);
}

test.describe('pictures', () => {
  test('a member writes a review with a photo: it shows in the review, on the cigar page and in search', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const me = await signIn(page, baseURL!);
    await page.goto(`/cigars/${REVIEWED.id}?review=1`);
    const form = page.getByRole('form', { name: 'Write a review' });
    await expect(form).toBeVisible();

    await test.step('add a photo: its preview, then post', async () => {
      await form.getByLabel('Photo files').setInputFiles({ name: 'ash.png', mimeType: 'image/png', buffer: pngBytes(24) });
      await expectImageLoaded(form.getByRole('img', { name: 'Photo 1 of 1' }));
      await expect(form.getByText(/^1\/4 photos/)).toBeVisible();
      // Social learns the catalog's cigars a few seconds after the stack's import: until then the review is refused,
      // and the next try uploads the photo again (the server may have moved the first upload away).
      await expect(async () => {
        if (await form.isVisible()) await form.getByRole('button', { name: 'Post Review' }).click({ timeout: 10_000 });
        await expect(page.getByTestId('toast')).toContainText('Review posted', { timeout: 5_000 });
      }).toPass({ timeout: 60_000, intervals: [2_000] });
      await expect(form).toBeHidden();
    });

    const subject = new RegExp(`reviewed by ${me.name}$`);
    await test.step('the review shows its photo; the thumbnail opens a larger view', async () => {
      const photos = page.getByRole('list', { name: subject });
      const thumb = photos.getByRole('img');
      await expectImageLoaded(thumb);
      expect(await thumb.getAttribute('src')).toMatch(/^\/uploads\//);
      await photos.getByRole('button').click();
      const viewer = page.getByRole('dialog');
      await expectImageLoaded(viewer.getByRole('img'));
      await page.keyboard.press('Escape');
      await expect(viewer).toBeHidden();
    });

    await test.step('the cigar page puts the community photo on top, instead of the drawing', async () => {
      const gallery = page.getByRole('heading', { name: 'Community photos' });
      await reloadUntilVisible(page, gallery);
      const cover = page.getByRole('main').getByRole('button', { name: `Photo of Padrón ${REVIEWED.name}` }).first();
      await expectImageLoaded(cover.getByRole('img'));
      await expect(page.getByRole('img', { name: /^Illustration of / })).toHaveCount(0);
      await expectNoBrokenImage(page.locator('body'));
    });

    await test.step('its search card shows the photo and the rating', async () => {
      await page.goto(`/search?q=${encodeURIComponent(REVIEWED.query)}`);
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: REVIEWED.name, exact: true }) });
      const photo = card.getByRole('img', { name: `Photo of Padrón ${REVIEWED.name}` });
      await reloadUntilVisible(page, photo);
      await expectImageLoaded(photo);
      await expect(card.getByText(/\(\d+ reviews?\)/)).toBeVisible();
      await expect(card.getByText('No ratings yet')).toHaveCount(0);
    });
  });

  for (const viewport of VIEWPORTS) {
    test(`a cigar without photos is drawn from the catalog, never a broken image (${viewport.width}px)`, async ({ page, baseURL }) => {
      test.setTimeout(60_000);
      await page.setViewportSize(viewport);
      await signIn(page, baseURL!);

      await page.goto(`/cigars/${UNPHOTOGRAPHED.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const drawing = page.getByRole('main').locator('svg[role="img"][aria-label^="Illustration of Padrón"]').first();
      await expect(drawing).toBeVisible();
      const box = await drawing.boundingBox();
      expect(box!.width).toBeGreaterThan(200);
      await expectNoBrokenImage(page.locator('body'));

      await page.goto(`/search?q=${encodeURIComponent(UNPHOTOGRAPHED.query)}`);
      const cards = page.getByRole('region', { name: /^Cigars/ }).getByRole('listitem');
      await expect(cards.first()).toBeVisible();
      // Every card has its picture: a photo or the drawing.
      for (const card of await cards.all()) {
        await expect(card.getByRole('img', { name: /^(Photo of|Illustration of) / }).first()).toBeVisible();
      }
      await expectNoBrokenImage(page.locator('body'));
    });
  }
});
