import { expect, test, type Page, type Response } from '@playwright/test';
import { furnish, MEMBER, memberStops, OWNER, OWNER_STOPS, SIGNED_OUT_STOPS, signedInPage, type Stop } from './club-walk';

/**
 * Nothing visible skipped translation (docs/i18n.md, "Gates"): every route, signed out, as a member and as the owner,
 * drawn in the pseudo-locale, where every message of the catalogs is written in accented letters ('Ȧḓḓ ŧǿ ħŭḿīḓǿř')
 * and Intl writes dates and numbers in Greek. Any visible text (or aria-label, placeholder, title, alt) that still
 * has a word in plain ASCII letters came from somewhere other than a catalog, unless it is data the API sent (member
 * content, catalog names) or a name that is never translated.
 */

const STORAGE_KEY = 'torcedor.language';
/** Names and words no language translates (the legal pages name the state whose laws govern them). */
const NEVER_TRANSLATED = [/Torcedor/g, /VitolAI/g, /\bDelaware\b/g, /\b(English|Español|Français|Deutsch|Italiano)\b/g, /https?:\/\/\S+/g, /\S+@\S+\.\w+/g];
/**
 * A single-word API value of one of these fields is a code the page must put in words (a strength, a status), not
 * data to show as it is: it is not excused.
 */
const CODE_FIELDS = /^(strength|status|type|eventType|postType|tier|plan|\w*Visibility|contentFilter|rsvp|role|kind|category|priority|shade|wrapperShade|sort|language|channel|stage)$/i;

/** Every string of an API answer, but codes (CODE_FIELDS). */
function collect(value: unknown, into: Set<string>, key = '') {
  if (typeof value === 'string') {
    if (!(CODE_FIELDS.test(key) && /^[\w-]+$/.test(value))) into.add(value.trim());
  } else if (Array.isArray(value)) for (const v of value) collect(v, into, key);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) collect(v, into, k);
}

/** Run in the page (a string: the e2e tsconfig has no DOM lib): the visible texts and the texts of labelling attributes. */
const VISIBLE_TEXTS = `(() => {
  const out = [];
  const visible = (el) => el && el.checkVisibility && el.checkVisibility({ visibilityProperty: true, opacityProperty: false }) && !el.closest('[aria-hidden="true"]');
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(el.tagName)) continue;
    const text = (n.textContent || '').trim();
    if (text && visible(el)) out.push(text);
  }
  for (const el of document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
    // A label is read by assistive tools even when hidden from sight, never inside what is hidden from them.
    if (el.closest('[aria-hidden="true"]') || (!visible(el) && !el.matches('[aria-label]'))) continue;
    for (const a of ['aria-label', 'placeholder', 'title', 'alt']) {
      const v = el.getAttribute(a);
      if (v && v.trim()) out.push(v.trim());
    }
  }
  for (const o of document.querySelectorAll('option')) if (o.textContent && o.textContent.trim()) out.push(o.textContent.trim());
  return [...new Set(out)];
})()`;

/** What remains of a text once the API's data and the never-translated names are taken out. */
function untranslated(text: string, data: readonly string[]): boolean {
  let rest = text;
  for (const d of data) if (rest.includes(d)) rest = rest.split(d).join(' ');
  for (const re of NEVER_TRANSLATED) rest = rest.replace(re, ' ');
  return /[A-Za-z]{2,}/.test(rest);
}

/** Visits every stop drawn in the pseudo-locale, collecting the texts that skipped translation. */
async function walk(page: Page, stops: readonly Stop[]): Promise<string[]> {
  const seen = new Set<string>();
  const onResponse = async (r: Response) => {
    if (!r.url().includes('/api/') || !(r.headers()['content-type'] ?? '').includes('json')) return;
    try {
      collect(await r.json(), seen);
    } catch {
      // Not JSON after all, or the page moved on: nothing to learn from it.
    }
  };
  page.on('response', onResponse);
  const found: string[] = [];
  for (const stop of stops) {
    await page.goto(stop.path);
    await expect(page.locator('h1').first()).toBeVisible({ timeout: 30_000 });
    if (stop.ready) await expect(stop.ready(page).first()).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 5_000 }).catch(() => undefined);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    expect(await page.evaluate('document.documentElement.lang'), 'the pseudo-locale marks the page as English').toBe('en');
    const data = [...seen].filter((s) => s.length > 1).sort((a, b) => b.length - a.length);
    const texts = (await page.evaluate(VISIBLE_TEXTS)) as string[];
    const here = texts.filter((t) => untranslated(t, data)).map((t) => `${stop.label ?? stop.path}: "${t.slice(0, 120)}"`);
    for (const line of here) console.log(line);
    found.push(...here);
  }
  page.off('response', onResponse);
  return found;
}

const report = (found: string[]) => `visible texts that skipped translation (they are not in the catalogs):\n${found.join('\n')}`;

async function inPseudoLocale(page: Page) {
  await page.context().addInitScript(`localStorage.setItem(${JSON.stringify(STORAGE_KEY)}, 'pseudo')`);
}

test.describe('every visible text comes from the catalogs (the pseudo-locale)', () => {
  test('signed out: the age gate, the landing page, its dialogs and the public pages', async ({ page }) => {
    test.setTimeout(120_000);
    await inPseudoLocale(page);
    await page.goto('/');
    // The age gate, in the pseudo-locale too: read, then passed by its fields' kinds (its words are accented).
    const gate = page.getByRole('dialog');
    await expect(gate.locator('input[type="date"]')).toBeVisible();
    const found = (await page.evaluate(VISIBLE_TEXTS) as string[]).filter((t) => untranslated(t, [])).map((t) => `/ (age gate): "${t.slice(0, 120)}"`);
    await gate.locator('input[type="date"]').fill('1979-08-21');
    await gate.locator('select').last().selectOption('US');
    await gate.locator('button[type="submit"]').click();
    await expect(gate).toBeHidden();
    found.push(...(await walk(page, SIGNED_OUT_STOPS)));
    expect(found, report(found)).toEqual([]);
  });

  test('a member: every page of the club', async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    const page = await signedInPage(browser, baseURL, MEMBER);
    const content = await furnish(page, browser, baseURL);
    await inPseudoLocale(page);
    const found = await walk(page, memberStops(content));
    expect(found, report(found)).toEqual([]);
    await page.context().close();
  });

  test('the owner: marketing and moderation', async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const page = await signedInPage(browser, baseURL, OWNER);
    await inPseudoLocale(page);
    const found = await walk(page, OWNER_STOPS);
    expect(found, report(found)).toEqual([]);
    await page.context().close();
  });
});
