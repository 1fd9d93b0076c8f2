import { expect, test } from '@playwright/test';
import { signIn } from './social-helpers.ts';

/**
 * The club in the member's language (docs/i18n.md): a member switches to Spanish in Settings and the page, the
 * header, the toast, the humidor and events read in Spanish at once, without a reload, and still after one; a visitor
 * whose browser prefers German gets the landing page in German; a visitor's own choice survives a reload.
 */

test.describe('languages', () => {
  test('a member switches to Spanish in Settings: everything reads Spanish at once and after a reload', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, 'Sol', 'Sevilla');
    await page.goto('/settings');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('tab', { name: 'Preferences' }).click();
    const form = page.getByRole('form', { name: 'Preferences' });
    await form.getByLabel('Language').selectOption('es');
    let loads = 0;
    page.on('load', () => { loads += 1; });
    await form.getByRole('button', { name: 'Save Preferences' }).click();

    // At once: the toast, the page and the header, with no page load.
    await expect(page.getByTestId('toast')).toContainText('Preferencias actualizadas');
    await expect(page.getByRole('tab', { name: 'Preferencias' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Eventos' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Buscar puros y marcas' })).toBeVisible();
    expect(loads).toBe(0);

    // The humidor and events, reached in the app.
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Humidor' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mi humidor' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Eventos' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Eventos de puros' })).toBeVisible();
    expect(loads).toBe(0);

    // The choice is the member's: saved, so a reload (and any device) is in Spanish.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Eventos de puros' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    const me = (await (await page.request.get('/api/auth/user')).json()) as { language: string };
    expect(me.language).toBe('es');
  });

  test.describe('a visitor whose browser prefers German', () => {
    test.use({ locale: 'de-DE' });

    test('gets the age gate and the landing page in German', async ({ page }) => {
      await page.goto('/');
      const gate = page.getByRole('dialog', { name: 'Altersverifikation' });
      await expect(gate).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await gate.locator('input[type="date"]').fill('1979-08-21');
      await gate.getByRole('combobox').last().selectOption('US');
      await gate.locator('button[type="submit"]').click();
      await expect(page.getByRole('heading', { level: 1, name: 'Der private Club für Zigarrenliebhaber' })).toBeVisible();
    });
  });

  test("a visitor's own choice on the landing page holds after a reload", async ({ page }) => {
    await page.goto('/');
    const gate = page.getByRole('dialog', { name: 'Age verification' });
    await gate.getByLabel('Language').selectOption('it');
    await expect(page.getByRole('dialog', { name: 'Verifica dell’età' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('dialog', { name: 'Verifica dell’età' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  });
});
