import { expect, test, type Page } from '@playwright/test';
import { originHeaders } from './origin';

const PASSWORD = 'Padron-Maduro-64';
const headers = originHeaders;

/** A fresh member, signed up and logged in through the API (the browser keeps the session cookies). */
async function signIn(page: Page) {
  const email = `humidor-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const signup = await page.request.post('/api/auth/signup', {
    headers, data: { email, password: PASSWORD, firstName: 'Hugo', lastName: 'Maduro', dateOfBirth: '1979-05-02', country: 'US' },
  });
  expect(signup.status()).toBe(201);
  const login = await page.request.post('/api/auth/login', { headers, data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
}

/** The page's search params, as an object. */
const searchOf = (page: Page) => () => Object.fromEntries(new URL(page.url()).searchParams);

test.describe('catalog search and the humidor', () => {
  test('search the catalog, add to the humidor, edit, filter, remove; wishlist from search', async ({ page }) => {
    await signIn(page);

    await page.goto('/search');
    for (const brand of ['Montecristo', 'Padron', 'Arturo Fuente', 'Cohiba', 'Rocky Patel', 'Oliva', 'Liga Privada', 'Davidoff']) {
      await expect(page.getByRole('button', { name: brand, exact: true })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Padron', exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=Padron$/);
    const cigars = page.getByRole('region', { name: /^Cigars \(\d+\)$/ });
    await expect(cigars).toBeVisible();
    const first = cigars.getByRole('listitem').first();
    await expect(first).toContainText('Padrón');
    await expect(first).toContainText('Wrapper');

    await page.getByLabel('Search query').fill('zzqqxx');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('No results found for "zzqqxx"')).toBeVisible();

    await page.goto('/search?q=padron%201964');
    const card = page.getByRole('region', { name: /^Cigars/ }).getByRole('listitem').first();
    const cigarName = (await card.getByRole('heading', { level: 3 }).textContent())!;
    await card.getByRole('button', { name: /^Add to Wishlist/ }).click();
    const wish = page.getByRole('dialog', { name: 'Add to Wishlist' });
    await wish.getByLabel('Priority').selectOption('4');
    await wish.getByRole('button', { name: 'Add to Wishlist' }).click();
    await expect(page.getByTestId('toast')).toContainText('Item added to wishlist');

    await card.getByRole('link', { name: /^Add to Humidor/ }).click();
    await expect(page).toHaveURL(/\/humidor\?add=/);
    const add = page.getByRole('dialog', { name: 'Add Cigar' });
    await expect(add.getByText(cigarName)).toBeVisible();
    await add.getByLabel('Quantity').fill('5');
    await add.getByLabel('Location').fill('Top tray');
    await add.getByLabel('Box date').fill('2021-01-15');
    await add.getByRole('button', { name: 'Add to Humidor' }).click();
    await expect(page.getByTestId('toast')).toContainText('Item added to humidor');
    await expect(page).toHaveURL(/\/humidor$/);

    await expect(page.getByRole('heading', { level: 1, name: 'My Humidor' })).toBeVisible();
    const items = page.getByRole('tabpanel', { name: 'My Humidor' }).getByRole('listitem');
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(cigarName);
    await expect(page.getByText('Total Sticks').locator('..')).toContainText('5');
    await expect(page.getByText('Aging (2+ years)').locator('..')).toContainText('1');
    await expect(page.getByRole('tab', { name: 'Wishlist (1)' })).toBeVisible();

    await items.first().getByRole('button', { name: /^Edit / }).click();
    const edit = page.getByRole('dialog', { name: /^Edit / });
    await edit.getByLabel('Quantity').fill('3');
    await edit.getByLabel('Status').selectOption({ label: 'Aged' });
    await edit.getByRole('button', { name: /Save/ }).click();
    await expect(page.getByTestId('toast')).toContainText('Humidor item updated');
    await expect(page.getByText('Total Sticks').locator('..')).toContainText('3');

    await page.getByLabel('Status').selectOption({ label: 'Smoked' });
    await expect(page.getByText('No Items Found')).toBeVisible();
    await page.getByLabel('Status').selectOption({ label: 'Aged' });
    await expect(items).toHaveCount(1);
    await page.getByLabel('Search your humidor').fill('not in my humidor');
    await expect(page.getByText('No Items Found')).toBeVisible();

    // The filters live in the URL: they survive a reload, and the typed text replaces its history entry.
    await expect.poll(searchOf(page)).toEqual({ q: 'not in my humidor', status: 'aged' });
    await page.reload();
    await expect(page.getByLabel('Search your humidor')).toHaveValue('not in my humidor');
    await expect(page.getByLabel('Status')).toHaveValue('aged');
    await expect(page.getByText('No Items Found')).toBeVisible();
    await page.goBack();
    await expect.poll(searchOf(page)).toEqual({ status: 'smoked' });
    await expect(page.getByLabel('Search your humidor')).toHaveValue('');
    await expect(page.getByLabel('Status')).toHaveValue('smoked');
    await page.goForward();
    await expect(page.getByLabel('Search your humidor')).toHaveValue('not in my humidor');
    await expect(page.getByLabel('Status')).toHaveValue('aged');

    await page.getByLabel('Search your humidor').fill('');
    await expect.poll(searchOf(page)).toEqual({ status: 'aged' });

    await page.getByRole('tab', { name: 'Wishlist (1)' }).click();
    await expect(page.getByRole('img', { name: 'Priority 4 of 5' })).toBeVisible();
    await expect.poll(searchOf(page)).toEqual({ tab: 'wishlist', status: 'aged' });
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Wishlist (1)', selected: true })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Priority 4 of 5' })).toBeVisible();
    await page.getByRole('tab', { name: 'My Humidor' }).click();
    await expect.poll(searchOf(page)).toEqual({ status: 'aged' });

    await items.first().getByRole('button', { name: /^Remove / }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove item' });
    await expect(confirm).toContainText('Are you sure you want to remove this item from your humidor?');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByTestId('toast')).toContainText('Item removed from humidor');
    await expect(page.getByText('Your Humidor is Empty')).toBeVisible();
  });

  test('a free member at 20 cigars sees Add Cigar disabled and Upgrade to Add More', async ({ page }) => {
    await signIn(page);
    const add = await page.request.post('/api/humidor', {
      headers, data: { cigarId: 'padron-1964-anniversary-series-exclusivo', quantity: 20 },
    });
    expect(add.status()).toBe(201);
    const over = await page.request.post('/api/humidor', {
      headers, data: { cigarId: 'padron-1964-anniversary-series-exclusivo', quantity: 1 },
    });
    expect([over.status(), (await over.json()).code]).toEqual([403, 'HUMIDOR_LIMIT']);
    // Values the page does not know fall back to its defaults.
    await page.goto('/humidor?tab=shelf&status=lost');
    await expect(page.getByRole('tab', { name: 'My Humidor', selected: true })).toBeVisible();
    await expect(page.getByLabel('Status')).toHaveValue('all');
    await expect(page.getByRole('tabpanel', { name: 'My Humidor' }).getByRole('listitem')).toHaveCount(1);

    await page.goto('/humidor');
    await expect(page.getByRole('button', { name: 'Add Cigar' })).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Upgrade to Add More' })).toHaveAttribute('href', '/subscription');
    await expect(page.getByText('20 of 20 cigars on the free plan.')).toBeVisible();
  });

  test('CSV import: the preview refuses 2024-02-30 and 18.505 as the import does, and a big file says what landed', async ({ page }) => {
    await signIn(page);
    await page.goto('/humidor');
    const head = 'name,brand,quantity,price,location,date';
    const good = '1964 Anniversary Series Exclusivo,Padron';
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import from CSV' });
    await dialog.getByLabel('or paste it').fill([head, `${good},2,18.50,Top tray,2024-02-29`, `${good},1,,,2024-02-30`, `${good},1,18.505,,`].join('\n'));
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.getByText('1 of 3 rows can be imported.')).toBeVisible();
    await expect(dialog.getByText(/^Line 3: .*Date must be an existing date \(YYYY-MM-DD\)/)).toBeVisible();
    await expect(dialog.getByText(/^Line 4: .*Price has at most 2 decimals/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Import 1 row' }).click();
    await expect(page.getByTestId('toast')).toContainText('Imported 1 row.');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('tabpanel', { name: 'My Humidor' }).getByRole('listitem')).toHaveCount(1);

    // 95 rows go in two calls; the first is over the free cap (20), so nothing lands and the page says so.
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await dialog.getByLabel('or paste it').fill([head, ...Array.from({ length: 95 }, () => `${good},1,,,`)].join('\n'));
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.getByText('95 of 95 rows can be imported. They are sent 90 at a time.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Import 95 rows' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Nothing was imported. Rows 1–95 (from line 2 of the file) were not imported:');
    await expect(dialog.getByRole('button', { name: 'Import 95 rows' })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Back' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('tabpanel', { name: 'My Humidor' }).getByRole('listitem')).toHaveCount(1);
  });
});
