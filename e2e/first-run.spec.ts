import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { newestCode } from './mail-helpers.ts';

/**
 * The first run (docs/product.md, "First run"): a new visitor signs up and is signed in at once (no second login), goes
 * through the three steps (tastes, members to follow suggested from them, a first cigar) and ends on a feed with the
 * followed members' posts in it; the bell holds the welcome, which leads back to the steps.
 */
const PASSWORD = 'Arturo-Fuente-Opus-X-2026';
/** A full Nicaraguan cigar with a Maduro wrapper in the catalog: the tastes the newcomer picks. */
const TWIN_CIGAR = 'padron-1964-anniversary-series-exclusivo';
const unique = (who: string) => `firstrun-${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/**
 * A member of the club made through the API in a request context of their own (its cookie jar is their session, apart
 * from the page's): signed up (which signs in), verified.
 */
async function clubMember(baseURL: string, firstName: string) {
  const request = await playwrightRequest.newContext({ baseURL });
  const headers = { origin: new URL(baseURL).origin };
  const email = unique(firstName.toLowerCase());
  const signup = await request.post('/api/auth/signup', {
    headers, data: { email, password: PASSWORD, firstName, lastName: 'Demo', dateOfBirth: '1975-05-05', country: 'US' },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  // Signed in by the sign-up itself: the context's cookies read the member.
  expect((await request.get('/api/auth/user')).status()).toBe(200);
  const verified = await request.post('/api/auth/verify-email', { headers, data: { code: await newestCode(request, email) } });
  expect(verified.status()).toBe(200);
  await waitUntilSocialTakesContributions(request, headers);
  return { request, headers, name: `${firstName} Demo` };
}

/** social refuses contributions until its copy says the address is verified (403 before, 400 for a cigar it lacks). */
async function waitUntilSocialTakesContributions(request: APIRequestContext, headers: Record<string, string>) {
  const probe = { cigarId: 'no-such-cigar', drawScore: 50, burnScore: 50, flavorScore: 50, overallScore: 50 };
  await expect.poll(async () => (await request.post('/api/reviews', { headers, data: probe })).status(), { timeout: 15_000 }).toBe(400);
}

async function passGate(page: Page) {
  await page.getByLabel('Date of birth').fill('1985-07-21');
  await page.getByLabel('Country').selectOption({ label: 'Canada' });
  await page.getByRole('button', { name: /legal age/i }).click();
  await expect(page.getByRole('dialog', { name: 'Age verification' })).toBeHidden();
}

test('a new member signs up, is signed in at once, takes the three steps and lands on a feed with posts; the bell welcomes them', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  // The club: a member who reviews what the newcomer will like, and one who only posts.
  const twin = await clubMember(baseURL!, `Twin${Date.now() % 100000}`);
  const poster = await clubMember(baseURL!, `Poster${Date.now() % 100000}`);
  const twinPost = `Maduro Sunday with a 1964 Exclusivo, ${Date.now()}`;
  const posterPost = `First light of a Connecticut morning, ${Date.now()}`;
  expect((await twin.request.post('/api/posts', { headers: twin.headers, data: { content: twinPost, postType: 'text' } })).status()).toBe(201);
  expect((await poster.request.post('/api/posts', { headers: poster.headers, data: { content: posterPost, postType: 'text' } })).status()).toBe(201);
  // social learns the catalog's cigars a few seconds after the stack's import.
  await expect.poll(async () => (await twin.request.post('/api/reviews', {
    headers: twin.headers, data: { cigarId: TWIN_CIGAR, drawScore: 92, burnScore: 90, flavorScore: 94, overallScore: 93, flavorTags: ['cocoa'] },
  })).status(), { timeout: 60_000, intervals: [1_000] }).toBe(201);

  // Sign up: no Login tab afterwards, straight to the first run.
  await page.goto('/');
  await passGate(page);
  await page.getByRole('button', { name: 'Join the Community' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome to Torcedor' });
  await dialog.getByLabel('First name').fill('Nora');
  await dialog.getByLabel('Last name').fill('Newcomer');
  await dialog.getByLabel('Email').fill(unique('nora'));
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByTestId('toast').first()).toContainText('Account created successfully');
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Welcome to Torcedor, Nora' })).toBeVisible();

  // Step 1: tastes.
  const steps = page.getByRole('navigation', { name: 'First steps' });
  await expect(steps).toContainText('Step 1 of 3');
  for (const chip of ['Full', 'Maduro', 'Nicaragua']) {
    const button = page.getByRole('button', { name: chip, exact: true });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  }
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: the member who reviews what Nora likes comes first; follow both.
  await expect(steps).toContainText('Step 2 of 3');
  const suggested = page.getByRole('list', { name: 'Suggested members' });
  await expect(suggested.getByRole('listitem').first()).toContainText(twin.name);
  await expect(suggested.getByRole('listitem').first()).toContainText('Also likes');
  for (const who of [twin.name, poster.name]) {
    const follow = suggested.getByRole('button', { name: `Follow ${who}` });
    await follow.click();
    await expect(suggested.getByRole('button', { name: `Following ${who}` })).toHaveAttribute('aria-pressed', 'true');
  }
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: a first cigar from the catalog.
  await expect(steps).toContainText('Step 3 of 3');
  await expect(page.getByRole('link', { name: 'Scan a band' })).toBeVisible();
  await page.getByLabel('Search the catalog').fill('1964 Anniversary');
  const cigars = page.getByRole('list', { name: 'Catalog cigars' });
  await cigars.getByRole('button', { name: /^Add to Humidor/ }).first().click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Item added to humidor' })).toBeVisible();
  await page.getByRole('button', { name: 'Go to my feed' }).click();

  // The feed, with the followed members' posts back-filled.
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  const posts = page.getByRole('list', { name: 'Posts' });
  await expect(posts.getByRole('article').filter({ hasText: twinPost })).toBeVisible();
  await expect(posts.getByRole('article').filter({ hasText: posterPost })).toBeVisible();

  // The bell: the welcome, which leads back to the steps; the first run is done (stamped) yet reachable.
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const bell = page.getByRole('dialog', { name: 'Notifications' });
  const welcome = bell.getByRole('link', { name: /Welcome to Torcedor!/ });
  await expect(welcome).toBeVisible();
  const me = await page.request.get('/api/auth/user');
  expect(((await me.json()) as { onboardedAt: string | null }).onboardedAt).not.toBeNull();
  await welcome.click();
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('button', { name: 'Full', exact: true })).toHaveAttribute('aria-pressed', 'true');

  await twin.request.dispose();
  await poster.request.dispose();
});
