import { expect, test, type Page } from '@playwright/test';

const COUNTRIES = ['United States', 'United Kingdom', 'Canada', 'Germany', 'Netherlands'];

/** The age gate's country control (the gate also has the language switcher's select). */
const countrySelect = (page: Page) => page.getByRole('dialog', { name: 'Age verification' }).getByLabel('Country');
const countryOptions = (page: Page): Promise<string[]> => countrySelect(page).locator('option').allTextContents();
const chooseCountry = (page: Page, name: string) => countrySelect(page).selectOption({ label: name });

test.describe('platform', () => {
  test('the landing page shows the age gate first, then the hero', async ({ page }) => {
    await page.goto('/');
    const dob = page.getByLabel(/date of birth/i);
    await expect(dob).toBeVisible();
    const options = (await countryOptions(page)).map((o) => o.trim());
    for (const c of COUNTRIES) expect(options).toContain(c);

    await dob.fill('1980-05-17');
    await chooseCountry(page, 'United States');
    await page.getByRole('button', { name: /confirm|legal age|enter/i }).first().click();
    await expect(dob).toBeHidden();
    const join = page.getByRole('button', { name: 'Join the Community' }).or(page.getByRole('link', { name: 'Join the Community' }));
    await expect(join.first()).toBeVisible();
  });

  test('an unknown page renders the SPA 404', async ({ page }) => {
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(200);
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
  });

  test('the edge adds the security headers to pages', async ({ request }) => {
    const res = await request.get('/');
    const h = res.headers();
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['x-frame-options']).toBe('DENY');
    expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(h['content-security-policy']).toContain("default-src 'self'");
  });

  test('index.html asks for its one stylesheet before any script', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const style = html.indexOf('<link rel="stylesheet"');
    expect(style).toBeGreaterThan(0);
    expect(style).toBeLessThan(html.indexOf('<script type="module"'));
    expect(style).toBeLessThan(html.indexOf('<link rel="modulepreload"'));
    expect(html.match(/<link rel="stylesheet"/g)).toHaveLength(1);
  });

  test('GET /api/health is ok', async ({ request }) => {
    const res = await request.get('/api/health');
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  test('GET /api/openapi.json is an OpenAPI 3.1 document with paths', async ({ request }) => {
    const res = await request.get('/api/openapi.json');
    expect(res.status()).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(Object.keys(doc.paths)).toContain('/api/health');
  });

  test('/api/docs renders the API reference from our own origin, with no CSP violation', async ({ page, baseURL }) => {
    const problems: string[] = [];
    const outside: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text()); });
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('request', (r) => { if (!r.url().startsWith(baseURL!)) outside.push(r.url()); });
    const res = await page.goto('/api/docs');
    expect(res?.headers()['content-type']).toContain('text/html');
    await expect(page.getByRole('heading', { name: /Torcedor API/ })).toBeVisible();
    await expect(page.locator('.opblock').filter({ hasText: '/api/humidor' }).first()).toBeVisible();
    expect(await page.locator('.opblock').count()).toBeGreaterThan(40);
    expect(problems).toEqual([]);
    expect(outside).toEqual([]);
  });

  test('an unknown /api path answers a JSON 404', async ({ request }) => {
    const res = await request.get('/api/no-such-route');
    expect(res.status()).toBe(404);
    expect(res.headers()['content-type']).toContain('application/json');
    expect(await res.json()).toEqual({ message: 'Not found' });
    const wrongMethod = await request.delete('/api/health');
    expect(wrongMethod.status()).toBe(404);
  });
});
