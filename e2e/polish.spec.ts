import { expect, test, type Page } from '@playwright/test';

const PASSWORD = 'Partagas-Serie-D4';
/** State-changing API calls carry the app's origin (playwright.config.ts serves it on E2E_PORT, 3100 by default). */
const headers = { origin: `http://localhost:${process.env.E2E_PORT ?? 3100}` };

/** A fresh member, signed up and logged in through the API (the browser keeps the session cookies), past the first run. */
async function signIn(page: Page) {
  const email = `polish-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const signup = await page.request.post('/api/auth/signup', {
    headers, data: { email, password: PASSWORD, firstName: 'Paula', lastName: 'Polish', dateOfBirth: '1984-05-02', country: 'US' },
  });
  expect(signup.status()).toBe(201);
  const login = await page.request.post('/api/auth/login', { headers, data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  // The first run's steps are another test's (e2e/first-run.spec.ts): this member has skipped them.
  await page.request.post('/api/user/first-run', { headers });
}

test.describe('polish', () => {
  test.beforeEach(() => test.setTimeout(150_000));

  test("the demo club's posts carry past times, not a row of 'Just now'", async ({ page }) => {
    test.skip(process.env.LOCAL_DEMO_CLUB !== '1', 'an end-to-end stack leaves the demo club out unless LOCAL_DEMO_CLUB=1');
    test.setTimeout(360_000);
    const login = await page.request.post('/api/auth/login', { headers, data: { email: 'member@torcedor.test', password: 'Torcedor-demo-2026' } });
    expect(login.status()).toBe(200);
    // The club is seeded in the background after the stack is up, its times set back once all of it is written.
    await expect.poll(async () => {
      const feed = await page.request.get('/api/feed');
      const items = feed.ok() ? ((await feed.json()) as { items: { createdAt: string }[] }).items : [];
      return items.filter((p) => Date.now() - Date.parse(p.createdAt) > 3_600_000).length;
    }, { timeout: 300_000, intervals: [2_000, 5_000] }).toBeGreaterThan(3);
    await page.goto('/');
    const times = page.locator('article time');
    await expect(times.first()).toBeVisible({ timeout: 30_000 });
    const shown = await times.allTextContents();
    expect(shown.length).toBeGreaterThan(3);
    expect(shown.filter((t) => /^\d+[hd] ago$/.test(t)).length).toBeGreaterThan(shown.length / 2);
    expect(shown.some((t) => /^\d+d ago$/.test(t))).toBe(true);
  });

  test('a wishlist button shows its state: Add to Wishlist, then In Wishlist, on search and on the cigar page', async ({ page }) => {
    await signIn(page);
    // The catalog's search index is built from the import a fresh stack runs at start.
    await expect.poll(async () => {
      const res = await page.request.get('/api/search?q=padron%201964');
      return res.ok() ? ((await res.json()) as { type: string; items: unknown[] }[]).find((g) => g.type === 'cigars')?.items.length ?? 0 : 0;
    }, { timeout: 90_000, intervals: [1_000, 3_000] }).toBeGreaterThan(0);
    await page.goto('/search?q=padron%201964');
    const card = page.getByRole('region', { name: /^Cigars/ }).getByRole('listitem').first();
    await expect(card).toBeVisible({ timeout: 30_000 });
    const add = card.getByRole('button', { name: /^Add to Wishlist: / });
    const title = ((await add.getAttribute('aria-label')) ?? '').replace(/^Add to Wishlist: /, '');
    await add.click();
    // Search asks for a priority and notes first.
    const dialog = page.getByRole('dialog', { name: 'Add to Wishlist' });
    await dialog.getByRole('button', { name: 'Add to Wishlist' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByText(`In Wishlist: ${title}`)).toBeVisible();
    await expect(card.getByRole('button', { name: /^Add to Wishlist: / })).toHaveCount(0);

    // The cigar page has the button too, in the same state; Remove takes the cigar off the wishlist.
    await card.getByRole('link', { name: `Reviews of ${title}` }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(`In Wishlist: ${title}`)).toBeVisible();
    await page.getByRole('button', { name: `Remove ${title} from the wishlist` }).click();
    await expect(page.getByRole('button', { name: `Add to Wishlist: ${title}` })).toBeVisible();
    await page.getByRole('button', { name: `Add to Wishlist: ${title}` }).click();
    await expect(page.getByText(`In Wishlist: ${title}`)).toBeVisible();
  });

  test('the recommendations chat is there after a reload; a refused question spends no free answer', async ({ page }) => {
    await signIn(page);
    await page.goto('/recommendations');
    const log = page.getByRole('log', { name: 'Conversation with VitolAI' });
    const input = page.getByLabel('Ask VitolAI');
    const banner = page.getByText(/^Free Tier:/);
    await expect(banner).toHaveText('Free Tier: 0/3 AI recommendations used today', { timeout: 30_000 });

    await input.fill('Where can I buy a box of Cohibas online?');
    await input.press('Enter');
    await expect(log).toContainText("can't help with buying", { timeout: 30_000 });
    await expect(input).toBeEnabled();
    await expect(banner).toHaveText('Free Tier: 0/3 AI recommendations used today');

    await input.fill('How long should I rest cigars after buying them?');
    await input.press('Enter');
    await expect(log).toContainText('two to three weeks', { timeout: 30_000 });
    await expect(input).toBeEnabled();
    await expect(banner).toHaveText('Free Tier: 1/3 AI recommendations used today');

    await page.reload();
    await expect(log).toContainText('Where can I buy a box of Cohibas online?', { timeout: 30_000 });
    await expect(log).toContainText('How long should I rest cigars after buying them?');
    await expect(log).toContainText('two to three weeks');
    await expect(banner).toHaveText('Free Tier: 1/3 AI recommendations used today');
  });
});
