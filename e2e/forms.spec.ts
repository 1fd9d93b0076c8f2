import { expect, test, type Locator, type Page } from '@playwright/test';

async function passGate(page: Page) {
  await page.getByLabel('Date of birth').fill('1984-03-09');
  await page.getByLabel('Country').selectOption({ label: 'Canada' });
  await page.getByRole('button', { name: /legal age/i }).click();
  await expect(page.getByRole('dialog', { name: 'Age verification' })).toBeHidden();
}

/** The control is marked invalid and described by the error (which is announced). */
async function expectFieldError(control: Locator, error: Locator) {
  await expect(error).toBeVisible();
  await expect(error).toHaveAttribute('role', 'alert');
  const errorId = await error.getAttribute('id');
  expect(errorId).toBeTruthy();
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  const describedBy = (await control.getAttribute('aria-describedby')) ?? '';
  expect(describedBy.split(/\s+/)).toContain(errorId);
}

test.describe('forms validate with the server\u2019s schemas', () => {
  test('sign-up shows inline, announced errors under an invalid email and a too-short password', async ({ page }) => {
    await page.goto('/');
    await passGate(page);

    await page.getByRole('button', { name: 'Join the Community' }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome to Torcedor' });
    await expect(dialog.getByRole('tab', { name: 'Sign Up', selected: true })).toBeVisible();
    await dialog.getByLabel('First name').fill('Ana');
    await dialog.getByLabel('Last name').fill('Robusto');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel('Password').fill('Ab1');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Create Account' }).click();

    const emailError = dialog.getByRole('alert').filter({ hasText: 'Please enter a valid email address' });
    const passwordError = dialog.getByRole('alert').filter({ hasText: 'Password must be at least 8 characters' });
    await expectFieldError(dialog.getByLabel('Email'), emailError);
    await expectFieldError(dialog.getByLabel('Password'), passwordError);
    // The email has no hint: the error is its only description.
    await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-describedby', (await emailError.getAttribute('id'))!);

    // Fields without a problem are not marked.
    await expect(dialog.getByLabel('First name')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('Last name')).not.toHaveAttribute('aria-invalid', 'true');
    // Nothing reached the server: the dialog still offers the sign-up.
    await expect(dialog.getByRole('tab', { name: 'Sign Up', selected: true })).toBeVisible();
  });
});
