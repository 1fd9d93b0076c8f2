import { expect, test, type Browser, type Page } from '@playwright/test';
import { create, furnish, MEMBER, memberStops, originOf, OWNER, OWNER_STOPS, passAgeGate, SIGNED_OUT_STOPS, signedInPage, type Stop } from './club-walk';

/**
 * Phone-first layout (docs/product.md, "Screens"): every route of the app, signed out, as a demo member and as the
 * owner, at three phone widths (360, 390 and 430 px) and a laptop's (1280 px), scrolls only up and down
 * (the document is never wider than the window); the phone's tab bar, header and search; the feed's composer and
 * first post in the first screen of a phone; toasts clear of the form they speak about; humidor cards of one width.
 */

const PASSWORD = 'Hoyo-de-Monterrey-Epicure-2';

const PHONES = [360, 390, 430].map((width) => ({ width, height: 844 }));
const LAPTOP = { width: 1280, height: 800 };
const VIEWPORTS = [...PHONES, LAPTOP];
const PHONE = { width: 390, height: 844 };

/** Waits for the page's main heading, its own ready marker, the loading skeletons to give way and the fonts. */
async function settle(page: Page, stop: Stop) {
  await expect(page.locator('h1').first()).toBeVisible();
  if (stop.ready) await expect(stop.ready(page).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 5_000 }).catch(() => undefined);
  await page.evaluate('document.fonts.ready.then(() => undefined)');
}

/**
 * Run in the page (a string: the e2e tsconfig has no DOM lib): how much wider than the window the document is, and
 * the outermost elements past its right edge to say why.
 */
const MEASURE_OVERFLOW = `(() => {
  const width = window.innerWidth;
  const over = document.documentElement.scrollWidth - width;
  const culprits = [];
  if (over > 0.5) {
    for (const el of document.querySelectorAll('body *')) {
      const right = el.getBoundingClientRect().right;
      const parentRight = el.parentElement ? el.parentElement.getBoundingClientRect().right : 0;
      if (right > width + 0.5 && parentRight <= width + 0.5 && culprits.length < 4) {
        const cls = typeof el.className === 'string' ? el.className.slice(0, 80) : '';
        culprits.push('<' + el.tagName.toLowerCase() + ' class="' + cls + '"> ends at ' + Math.round(right) + ' px: "' + (el.textContent || '').trim().slice(0, 40) + '"');
      }
    }
  }
  return { over, culprits };
})()`;

async function overflow(page: Page): Promise<{ over: number; culprits: string[] }> {
  return page.evaluate(MEASURE_OVERFLOW) as Promise<{ over: number; culprits: string[] }>;
}

/** Visits every stop at every width in one page, collecting every stop whose document is wider than the window. */
async function walk(page: Page, stops: readonly Stop[]): Promise<string[]> {
  const found: string[] = [];
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const stop of stops) {
      await page.goto(stop.path);
      await settle(page, stop);
      const { over, culprits } = await overflow(page);
      if (over > 0.5) found.push(`${stop.label ?? stop.path} @ ${viewport.width}px: ${Math.round(over)} px too wide\n    ${culprits.join('\n    ')}`);
    }
  }
  return found;
}

const report = (found: string[]) => `pages wider than the window (they scroll sideways):\n${found.join('\n')}`;

/** A fresh member, signed up and logged in through the API in a new context. */
async function freshMember(browser: Browser, baseURL: string | undefined, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  const email = `layout-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const signup = await page.request.post('/api/auth/signup', {
    headers: originOf(baseURL),
    data: { email, password: PASSWORD, firstName: 'Lía', lastName: 'Lonsdale', dateOfBirth: '1980-04-12', country: 'US' },
  });
  expect(signup.status()).toBe(201);
  const login = await page.request.post('/api/auth/login', { headers: originOf(baseURL), data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  return page;
}

test.describe('no page scrolls sideways, from 360 px phones to a laptop', () => {
  test('signed out: the landing page, its dialogs, the legal pages and unsubscribe', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await passAgeGate(page);
    const found = await walk(page, SIGNED_OUT_STOPS);
    expect(found, report(found)).toEqual([]);
  });

  test('a demo member: every page of the club', async ({ browser, baseURL }) => {
    test.setTimeout(360_000);
    const page = await signedInPage(browser, baseURL, MEMBER);
    const found = await walk(page, memberStops(await furnish(page, browser, baseURL)));
    expect(found, report(found)).toEqual([]);
    await page.context().close();
  });

  test('the owner: marketing (every tab, with campaigns) and moderation', async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    const page = await signedInPage(browser, baseURL, OWNER);
    // A campaign with a long name and text: its card holds the long campaign link that once made it 907 px wide.
    await create(page, baseURL, '/api/marketing/campaigns', {
      name: 'Maduro Masters: the Winter Tasting Series at the Lounge', description: 'Bring a friend to each of the four winter tastings. '.repeat(6).trim(),
    });
    const found = await walk(page, OWNER_STOPS);
    expect(found, report(found)).toEqual([]);

    // Every tab of the marketing area is on screen on a phone.
    await page.setViewportSize({ width: 360, height: 844 });
    await page.goto('/marketing');
    for (const name of ['Campaigns', 'Automation', 'Leads', 'Analytics']) {
      const box = (await page.getByRole('tab', { name }).boundingBox())!;
      expect(box.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${name} ends on screen`).toBeLessThanOrEqual(360);
    }
    await page.context().close();
  });
});

test.describe('a phone', () => {
  test("the feed's composer and first post are in the first screen; the profile card opens on demand", async ({ browser, baseURL }) => {
    const page = await signedInPage(browser, baseURL, MEMBER);
    await furnish(page, browser, baseURL);
    await page.setViewportSize(PHONE);
    await page.goto('/');
    const firstPost = page.getByRole('list', { name: 'Posts' }).getByRole('article').first();
    await expect(firstPost).toBeVisible();
    const tabBar = (await page.getByRole('navigation', { name: 'Tabs' }).boundingBox())!;
    const composer = (await page.getByRole('form', { name: 'Share a post' }).boundingBox())!;
    expect(composer.y, 'the composer starts below the header').toBeGreaterThan(0);
    expect(composer.y + composer.height, 'the whole composer is above the tab bar').toBeLessThanOrEqual(tabBar.y);
    const post = (await firstPost.boundingBox())!;
    expect(post.y + 96, "the first post's author and first lines are above the tab bar").toBeLessThanOrEqual(tabBar.y);

    // The profile card is one row until opened.
    const profile = page.getByRole('complementary', { name: 'Your profile' });
    const toggle = profile.getByRole('button', { expanded: false });
    await expect(profile.getByRole('link', { name: 'View Humidor' })).toBeHidden();
    await toggle.click();
    await expect(profile.getByRole('button', { expanded: true })).toBeVisible();
    await expect(profile.getByRole('link', { name: 'View Humidor' })).toBeVisible();
    await page.context().close();
  });

  test('the tab bar (Feed, Humidor, Scan, Events, the menu), the header flush to the edge, search one tap away', async ({ browser, baseURL }) => {
    const page = await signedInPage(browser, baseURL, MEMBER);
    await page.setViewportSize(PHONE);
    await page.goto('/');
    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    await expect(tabs.getByRole('link')).toHaveText(['Feed', 'Humidor', 'Scan', 'Events']);
    await expect(tabs.getByRole('link', { name: 'Feed' })).toHaveAttribute('aria-current', 'page');
    const bar = (await tabs.boundingBox())!;
    expect(bar.y + bar.height, 'the tab bar sits on the bottom edge').toBeCloseTo(PHONE.height, 0);
    expect(bar.width).toBe(PHONE.width);

    await tabs.getByRole('link', { name: 'Humidor' }).click();
    await expect(page).toHaveURL(/\/humidor$/);
    await expect(tabs.getByRole('link', { name: 'Humidor' })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.getByRole('link', { name: 'Feed' })).not.toHaveAttribute('aria-current', 'page');

    // The member's menu: the pages without a tab, the account's pages and Log out.
    await tabs.getByRole('button', { name: /Menu/ }).click();
    const menu = page.getByRole('menu');
    for (const name of ['Profile', 'AI Recommendations', 'Learn', 'Premium', 'Settings', 'Support']) await expect(menu.getByRole('menuitem', { name })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Learn' }).click();
    await expect(page).toHaveURL(/\/learn$/);

    // The header: its last icon (the bell) ends where the page's content does, 16 px from the edge.
    const bell = (await page.getByRole('button', { name: /^Notifications/ }).locator('svg').boundingBox())!;
    expect(PHONE.width - (bell.x + bell.width)).toBeLessThanOrEqual(16.5);

    // Search: one tap opens a focused field.
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const field = page.getByRole('textbox', { name: 'Search cigars and brands' });
    await expect(field).toBeFocused();
    await field.fill('padron');
    await field.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=padron$/);

    // From 768 px up there is no tab bar: the header holds the navigation.
    await page.setViewportSize(LAPTOP);
    await expect(tabs).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.context().close();
  });

  test("a declined payment's toast does not cover the card form", async ({ browser, baseURL }) => {
    for (const viewport of [PHONE, { width: 360, height: 740 }, LAPTOP]) {
      const page = await freshMember(browser, baseURL, viewport);
      await page.goto('/subscription');
      await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
      const setup = page.getByRole('region', { name: 'Complete Your Subscription' });
      await setup.getByLabel('Card number').pressSequentially('4000000000000002');
      await setup.getByLabel('Expiry (MM / YY)').pressSequentially('1234');
      await setup.getByLabel('CVC').fill('123');
      await setup.getByRole('button', { name: 'Complete Payment' }).click();
      const toast = page.getByTestId('toast');
      await expect(toast).toContainText('Payment Failed');
      const t = (await toast.boundingBox())!;
      const f = (await page.getByRole('form', { name: 'Card payment' }).boundingBox())!;
      const apart = t.y + t.height <= f.y || f.y + f.height <= t.y || t.x + t.width <= f.x || f.x + f.width <= t.x;
      expect(apart, `at ${viewport.width}x${viewport.height} the toast (${JSON.stringify(t)}) covers the form (${JSON.stringify(f)})`).toBe(true);
      await page.context().close();
    }
  });

  test('humidor cards are all one width, on a phone and on a laptop', async ({ browser, baseURL }) => {
    const page = await freshMember(browser, baseURL, PHONE);
    for (const cigarId of ['padron-1926-serie-no-1', 'padron-1926-serie-no-35', 'padron-1964-anniversary-series-exclusivo']) {
      await create(page, baseURL, '/api/humidor', { cigarId, quantity: 2, location: 'Top shelf, the left cedar tray beside the hygrometer' });
    }
    for (const viewport of [PHONE, LAPTOP]) {
      await page.setViewportSize(viewport);
      await page.goto('/humidor');
      // Each card's heading is its cigar's name; the card is the list item holding it.
      const names = page.getByRole('heading', { level: 3, name: /^(1926 Serie No\. (1|35)|1964 Anniversary Series Exclusivo)$/ });
      await expect(names).toHaveCount(3);
      const widths = await Promise.all((await names.all()).map(async (name) => Math.round((await name.locator('xpath=ancestor::li[1]').boundingBox())!.width)));
      expect(new Set(widths).size, `card widths at ${viewport.width}px: ${widths.join(', ')}`).toBe(1);
    }
    await page.context().close();
  });
});
