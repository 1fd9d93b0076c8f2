import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** The local stack's seeded accounts (local/src/seed/accounts.ts, docs/architecture.md). */
const DEMO_PASSWORD = 'Torcedor-demo-2026';
const OWNER = 'owner@torcedor.test';
const MEMBER = 'member@torcedor.test';

/** State-changing API calls carry the app's origin (playwright.config.ts's baseURL). */
const originOf = (baseURL: string | undefined) => ({ origin: new URL(baseURL!).origin });

/** Logs a seeded account in through the API in the page's context (the browser keeps the session cookies). */
async function logIn(page: Page, baseURL: string | undefined, email: string) {
  const res = await page.request.post('/api/auth/login', { headers: originOf(baseURL), data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
}

/** A fresh member who arrived through a campaign-like link: a lead with a source, whatever the seed holds. */
async function signUpLead(request: APIRequestContext, baseURL: string | undefined) {
  const email = `lead-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const res = await request.post('/api/auth/signup', {
    headers: originOf(baseURL),
    data: {
      email, password: 'Romeo-Julieta-No2', firstName: 'Lia', lastName: 'Lancero', dateOfBirth: '1982-06-30', country: 'US',
      attribution: { utmSource: 'e2e-newsletter', utmMedium: 'email', referrer: 'https://mail.example.com/inbox' },
    },
  });
  expect(res.status()).toBe(201);
}

/** The value (`<dd>`) of a `<dt>label</dt><dd>value</dd>` pair inside `scope`. */
const definition = (scope: Locator, label: string) =>
  scope.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

/** Closes the visible toast (one shows at a time; a new one would replace it anyway) so the next check reads a new one. */
async function dismissToast(page: Page) {
  const toast = page.getByTestId('toast');
  if (await toast.isVisible()) await toast.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(toast).toBeHidden();
}

test.describe('the marketing area', () => {
  test('the owner writes a campaign, has one generated, runs lead scoring and sees the top leads', async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    await signUpLead(request, baseURL);
    await logIn(page, baseURL, OWNER);

    await page.goto('/marketing');
    await expect(page.getByRole('heading', { level: 1, name: 'Marketing' })).toBeVisible();
    for (const figure of ['Total Campaigns', 'Active Campaigns', 'Total Leads', 'New This Week', 'Conversion Rate']) {
      await expect(page.getByRole('term').filter({ hasText: new RegExp(`^${figure}$`) })).toBeVisible();
    }
    await expect(page.getByRole('tab', { name: 'Campaigns', selected: true })).toBeVisible();

    // A campaign written by hand, through the New Campaign form.
    const name = `Cuban Night ${Date.now()}`;
    await page.getByRole('button', { name: 'New Campaign' }).click();
    const form = page.getByRole('dialog', { name: 'New Campaign' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Description').fill('A tasting evening for new members.');
    await form.getByLabel('Objective').selectOption('engagement');
    await form.getByLabel('Type').selectOption('email');
    await form.getByRole('button', { name: 'Create Campaign' }).click();
    await expect(page.getByTestId('toast')).toContainText('Campaign Created');
    await expect(form).toBeHidden();
    const card = page.getByRole('list', { name: 'Campaigns' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await expect(card).toBeVisible();
    await expect(card.getByText('Email', { exact: true })).toBeVisible();
    await expect(card.getByText('Engagement', { exact: true })).toBeVisible();
    await expect(card.getByText(/utm_campaign=/)).toBeVisible();

    // One drafted by the AI provider.
    await dismissToast(page);
    await page.getByRole('button', { name: 'Generate with AI' }).click();
    const generated = page.getByTestId('toast');
    await expect(generated).toContainText('Campaign Created');
    await expect(generated).toContainText('AI marketing campaign generated successfully!');

    // Lead scoring, run by hand, until its run has finished.
    await dismissToast(page);
    await page.getByRole('tab', { name: 'Automation' }).click();
    await expect(page).toHaveURL(/\/marketing\?tab=automation$/);
    const scoring = page.getByRole('region', { name: 'Lead Scoring' });
    await expect(page.getByRole('region', { name: 'Content Generation' }).getByRole('button', { name: 'Run Now' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Campaign Optimization' }).getByRole('button', { name: 'Optimize Campaigns' })).toBeVisible();
    await expect(definition(scoring, 'Schedule')).toHaveText('Daily');
    await scoring.getByRole('button', { name: 'Update Scores' }).click();
    await expect(page.getByTestId('toast')).toContainText('Automation Started');
    await expect(page.getByTestId('toast')).toContainText('lead_scoring_update automation is now running!');
    // The card reads the run every 2 s while it runs: the newest run is this one (by hand), and it succeeded.
    await scoring.getByText('Recent runs').click();
    const newest = scoring.getByRole('listitem').first();
    await expect(newest).toContainText('by hand', { timeout: 30_000 });
    await expect(newest).toContainText('succeeded', { timeout: 30_000 });
    await expect(definition(scoring, 'Outcome')).toHaveText('succeeded');
    await expect(scoring.getByRole('button', { name: 'Update Scores' })).toBeEnabled();

    // The top leads (the new member among the club's leads; the list follows the finished run).
    await page.getByRole('tab', { name: 'Leads' }).click();
    await expect(page).toHaveURL(/\/marketing\?tab=leads$/);
    const rows = page.getByRole('table', { name: /Top leads/ }).getByRole('row');
    await expect(async () => {
      if (!(await rows.first().isVisible())) await page.reload();
      await expect(rows.nth(1)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000, intervals: [500, 1_000, 2_000] });
    await expect(rows.nth(1).getByRole('rowheader')).not.toBeEmpty();
  });

  test("a visitor through a campaign link is counted once per session, and the link's source is kept for the sign-up", async ({ page }) => {
    const visits: unknown[] = [];
    page.on('request', (r) => { if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/marketing/visits') visits.push(r.postDataJSON()); });
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/marketing/visits');
    await page.goto('/?utm_source=newsletter&utm_medium=email&utm_campaign=e2e-spring');
    expect((await answered).status()).toBe(200);
    expect(visits).toEqual([{ attribution: { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'e2e-spring' } }]);
    const kept = await page.evaluate(() => (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem('torcedor.attribution'));
    expect(JSON.parse(kept!)).toMatchObject({ attribution: { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'e2e-spring' } });
    // The same session again: the landing page shows, and no second visit is counted.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'The private club for cigar enthusiasts' })).toBeVisible();
    expect(visits).toHaveLength(1);
  });

  test('a member opening /marketing is told the area is restricted, and nothing is read', async ({ page, baseURL }) => {
    const marketingCalls: string[] = [];
    page.on('request', (r) => { if (new URL(r.url()).pathname.startsWith('/api/marketing/')) marketingCalls.push(r.url()); });
    await logIn(page, baseURL, MEMBER);
    await page.goto('/marketing');
    await expect(page.getByRole('heading', { level: 1, name: 'Access Restricted' })).toBeVisible();
    await expect(page.getByText('This area is restricted to platform administrators.')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Campaigns' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Marketing' })).toBeHidden();
    expect(marketingCalls).toEqual([]);
  });
});
