import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { furnish, MEMBER, memberStops, OWNER, OWNER_STOPS, passAgeGate, SIGNED_OUT_STOPS, signedInPage, type Stop } from './club-walk';

/**
 * Accessibility: every route of the app, signed out, as a demo member and as the owner, at a phone's width and a
 * laptop's, run through axe with the WCAG 2.0 and 2.1 A and AA rules. Any violation of impact serious or critical
 * fails the walk, and every one found is printed (route, width, rule, the elements), not only the first.
 */

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 800 },
] as const;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** What axe found on one stop, one line per rule and the first elements it names. */
async function audit(page: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return violations
    .filter((v) => FAILING_IMPACTS.has(v.impact ?? ''))
    .map((v) => [
      `${where}: [${v.impact}] ${v.id} (${v.nodes.length}): ${v.help}`,
      ...v.nodes.slice(0, 4).map((n) => `    ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`),
    ].join('\n'));
}

/**
 * Waits for the page's main heading, its own ready marker, and the loading skeletons to give way (a skeleton still
 * there after a while, e.g. a list waiting to be scrolled to, is analysed as it is).
 */
async function settle(page: Page, stop: Stop) {
  // Generous: a page's first visit may wait for its code's chunk.
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 30_000 });
  if (stop.ready) await expect(stop.ready(page).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 5_000 }).catch(() => undefined);
}

/** Visits every stop in one page (one signed-in context per role), collecting what axe finds. */
async function walk(page: Page, stops: readonly Stop[], width: string): Promise<string[]> {
  const found: string[] = [];
  for (const stop of stops) {
    await page.goto(stop.path);
    await settle(page, stop);
    if (stop.open) await stop.open(page);
    const here = await audit(page, `${stop.label ?? stop.path} @ ${width}`);
    // Printed as found too, so a walk cut short by its time limit still tells what it saw.
    for (const line of here) console.log(line);
    found.push(...here);
  }
  return found;
}

const report = (found: string[]) => `axe found serious or critical violations:\n${found.join('\n')}`;

for (const viewport of VIEWPORTS) {
  const width = `${viewport.name} ${viewport.width}px`;
  test.describe(`accessibility at ${viewport.width}×${viewport.height} (axe, WCAG 2.1 A and AA)`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('signed out: the age gate, the landing page, its dialogs and the public pages', async ({ page }) => {
      test.setTimeout(90_000);
      await page.goto('/');
      await expect(page.getByRole('dialog', { name: 'Age verification' })).toBeVisible();
      const found = await audit(page, `/ (age gate) @ ${width}`);
      await passAgeGate(page, 'Canada');
      found.push(...(await walk(page, SIGNED_OUT_STOPS, width)));
      expect(found, report(found)).toEqual([]);
    });

    test('a demo member: every page of the club', async ({ browser, baseURL }) => {
      test.setTimeout(180_000);
      const page = await signedInPage(browser, baseURL, MEMBER, viewport);
      const content = await furnish(page, browser, baseURL);
      const found = await walk(page, [
        ...memberStops(content),
        {
          path: '/', label: '/ (account menu open)', ready: (p) => p.getByRole('article'),
          open: async (p) => {
            // From the keyboard, as a member without a pointer opens it (the header's avatar, or the phone's Menu tab).
            await p.getByRole('button', { name: /^account menu$/i }).focus();
            await p.keyboard.press('Enter');
            await expect(p.getByRole('menu')).toBeVisible();
          },
        },
        {
          path: '/', label: '/ (notifications open)', ready: (p) => p.getByRole('article'),
          open: async (p) => {
            await p.getByRole('button', { name: /^Notifications/ }).click();
            await expect(p.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
          },
        },
      ], width);
      expect(found, report(found)).toEqual([]);
      await page.context().close();
    });

    test('the owner: marketing (every tab) and moderation', async ({ browser, baseURL }) => {
      test.setTimeout(90_000);
      const page = await signedInPage(browser, baseURL, OWNER, viewport);
      const found = await walk(page, OWNER_STOPS, width);
      expect(found, report(found)).toEqual([]);
      await page.context().close();
    });
  });
}
