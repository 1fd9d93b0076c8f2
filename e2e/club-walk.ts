import { randomUUID } from 'node:crypto';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';

/**
 * Every route of the app, for the walks that visit them all (accessibility, layout, the pseudo-locale): the seeded
 * accounts, the content the member's pages show (made through the API where missing), and the stops signed out, as
 * a demo member and as the owner. A route added to the app is added here once and every walk visits it.
 */

/** The local stack's seeded accounts (local/src/seed/accounts.ts, docs/architecture.md). */
export const DEMO_PASSWORD = 'Torcedor-demo-2026';
export const MEMBER = 'member@torcedor.test';
export const OWNER = 'owner@torcedor.test';

/** One place of a walk: a path, what shows once its data is in, and optionally what to do there first. */
export interface Stop {
  path: string;
  /** Shown once the page's data has arrived (its main heading is waited for anyway). */
  ready?: (page: Page) => Locator;
  /** Opens what the check is about (a dialog, a tab) after the page is ready. */
  open?: (page: Page) => Promise<void>;
  /** What the stop is named in a report, when the path alone does not say it. */
  label?: string;
}

/** State-changing API calls carry the app's origin (playwright.config.ts's baseURL). */
export const originOf = (baseURL: string | undefined) => ({ origin: new URL(baseURL!).origin });

export const heading = (name: string | RegExp, level = 1) => (page: Page) => page.getByRole('heading', { level, name });
/** An item of a labelled list in the page's main content (reviews, upcoming events), whatever the language. */
const listedItem = (page: Page) => page.locator('main ul[aria-label] > li');

/** A page of a new context, logged in through the API as a seeded account. */
export async function signedInPage(
  browser: Browser, baseURL: string | undefined, email: string, viewport?: { width: number; height: number }, password = DEMO_PASSWORD,
): Promise<Page> {
  const context = await browser.newContext({ baseURL, ...(viewport ? { viewport } : {}) });
  const page = await context.newPage();
  const res = await page.request.post('/api/auth/login', { headers: originOf(baseURL), data: { email, password } });
  expect(res.status()).toBe(200);
  return page;
}

/** A seeded account's member id, from a login in a context of its own. */
export async function accountId(browser: Browser, baseURL: string | undefined, email: string): Promise<string> {
  const context = await browser.newContext({ baseURL });
  const res = await context.request.post('/api/auth/login', { headers: originOf(baseURL), data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  const { id } = (await res.json()) as { id: string };
  await context.close();
  return id;
}

/**
 * Creates through the API, trying again while the stack answers 503 (its store busy on a loaded machine: the answer
 * says to try again); anything but 201 or 503 fails at once. Answers the created body.
 */
export async function create<T = unknown>(page: Page, baseURL: string | undefined, path: string, data: object): Promise<T> {
  let body: unknown;
  await expect(async () => {
    const res = await page.request.post(path, { headers: { ...originOf(baseURL), 'idempotency-key': randomUUID() }, data });
    expect([201, 503], `POST ${path}`).toContain(res.status());
    expect(res.status()).toBe(201);
    body = await res.json();
  }).toPass({ timeout: 30_000, intervals: [500, 1_000, 2_000] });
  return body as T;
}

/** Passes the landing page's age gate as an adult. */
export async function passAgeGate(page: Page, country = 'United States') {
  const gate = page.getByRole('dialog', { name: 'Age verification' });
  await expect(gate).toBeVisible();
  await gate.getByLabel('Date of birth').fill('1979-08-21');
  await gate.getByLabel('Country').selectOption({ label: country });
  await gate.getByRole('button', { name: /legal age/i }).click();
  await expect(gate).toBeHidden();
}

export interface ClubContent {
  cigarId: string;
  eventId: string;
  /** Another member (the owner): their profile and a conversation with them. */
  otherId: string;
}

/**
 * What the member's pages show, made through the API where it is missing (an end-to-end stack starts without the demo
 * club; a second run finds it made): a post on the feed, a review with its scores on a Padrón's page, the cigar in
 * the humidor and on the wishlist, and an upcoming event.
 */
export async function furnish(page: Page, browser: Browser, baseURL: string | undefined): Promise<ClubContent> {
  const list = async <T>(path: string) => (await (await page.request.get(path)).json()) as T;
  const search = await list<{ type: string; items: { id: string }[] }[]>('/api/search?q=padron');
  const cigarId = search.find((g) => g.type === 'cigars')?.items[0]?.id;
  expect(cigarId, 'the catalog has a Padrón').toBeTruthy();

  if (!(await list<{ items: unknown[] }>('/api/feed')).items.length) {
    await create(page, baseURL, '/api/posts', { postType: 'text', content: 'A Padrón 1926 No. 35 on the terrace: cocoa, cedar and an even burn to the last inch.' });
  }
  if (!(await list<unknown[]>(`/api/cigars/${cigarId}/reviews`)).length) {
    // The social service knows the catalog from its events: on a stack just started, the cigar may still be on its way.
    await expect(async () => {
      const review = await page.request.post('/api/reviews', {
        headers: { ...originOf(baseURL), 'idempotency-key': randomUUID() },
        data: { cigarId, drawScore: 88, burnScore: 90, flavorScore: 92, overallScore: 91, flavorTags: ['Cocoa', 'Cedar'], notes: 'Even burn, cocoa and cedar.' },
      });
      expect(review.status()).toBe(201);
    }).toPass({ timeout: 90_000, intervals: [500, 1_000, 2_000] });
  }
  if (!(await list<unknown[]>('/api/humidor')).length) await create(page, baseURL, '/api/humidor', { cigarId, quantity: 2 });
  if (!(await list<unknown[]>('/api/wishlist')).length) await create(page, baseURL, '/api/wishlist', { cigarId, priority: 3, notes: null });

  let eventId = (await list<{ upcoming: { id: string }[] }>('/api/events')).upcoming[0]?.id;
  if (!eventId) {
    eventId = (await create<{ id: string }>(page, baseURL, '/api/events', {
      title: 'Maduro Night on the Terrace', eventType: 'meetup', venueName: 'The Cedar Room',
      startAt: new Date(Date.now() + 7 * 86_400_000).toISOString(), capacity: 12,
    })).id;
  }
  return { cigarId: cigarId!, eventId, otherId: await accountId(browser, baseURL, OWNER) };
}

/** The pages a visitor reaches (after the age gate). */
export const SIGNED_OUT_STOPS: readonly Stop[] = [
  { path: '/', ready: (p) => p.getByRole('heading', { level: 1 }) },
  { path: '/?auth=signup', label: '/ (sign-up dialog)', ready: (p) => p.getByRole('dialog').getByRole('form') },
  { path: '/?auth=login', label: '/ (login dialog)', ready: (p) => p.getByRole('dialog').getByRole('form') },
  { path: '/terms' },
  { path: '/privacy' },
  { path: '/disclaimer' },
  { path: '/unsubscribe' },
  { path: '/unsubscribe?token=not-a-real-token', label: '/unsubscribe (a bad link)' },
];

/**
 * Every page of the club for a member. The ready markers are roles, not words, so a walk in another language waits
 * for the same things.
 */
export const memberStops = ({ cigarId, eventId, otherId }: ClubContent): Stop[] => [
  { path: '/', label: '/ (feed)', ready: (p) => p.getByRole('article') },
  { path: '/humidor', ready: (p) => p.getByRole('tab').first() },
  { path: '/humidor?tab=wishlist', label: '/humidor (wishlist)', ready: (p) => p.getByRole('tab').first() },
  { path: '/search?q=padron', ready: (p) => p.getByRole('heading', { level: 2 }) },
  { path: `/cigars/${cigarId}`, label: '/cigars/<id>', ready: listedItem },
  { path: `/cigars/${cigarId}?review=1`, label: '/cigars/<id> (review form)', ready: (p) => p.getByRole('dialog') },
  { path: '/events', ready: listedItem },
  { path: `/events/${eventId}`, label: '/events/<id>' },
  { path: '/profile', ready: (p) => p.getByRole('tab') },
  { path: `/profile/${otherId}`, label: '/profile/<another member>' },
  { path: '/settings' },
  { path: '/subscription' },
  { path: '/support' },
  { path: '/learn' },
  { path: '/recommendations' },
  { path: '/scan' },
  { path: '/messages' },
  { path: `/messages/${otherId}`, label: '/messages/<another member>' },
];

/** The owner's pages: every tab of marketing, and moderation. */
export const OWNER_STOPS: readonly Stop[] = [
  { path: '/marketing', label: '/marketing (campaigns)', ready: (p) => p.getByRole('tab', { selected: true }) },
  { path: '/marketing?tab=automation', label: '/marketing (automation)', ready: (p) => p.getByRole('tab', { selected: true }) },
  { path: '/marketing?tab=leads', label: '/marketing (leads)', ready: (p) => p.getByRole('tab', { selected: true }) },
  { path: '/marketing?tab=analytics', label: '/marketing (analytics)', ready: (p) => p.getByRole('tab', { selected: true }) },
  { path: '/moderation' },
];
