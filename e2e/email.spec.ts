import { expect, test, type Page } from '@playwright/test';
import { messagesTo, newestCode, servicesKnow } from './mail-helpers.ts';
import { originHeaders } from './origin';

/**
 * Email (docs/product.md, "Email"): the address a member signs up with is verified with the 6-digit code emailed to
 * it (the local inbox: mail-helpers.ts), and a forgotten password is reset with an emailed code.
 */
const PASSWORD = 'Partagas-Serie-D-4';
const NEW_PASSWORD = 'Montecristo-No-2';
const headers = originHeaders;

const toast = (page: Page) => page.getByTestId('toast');
const address = (who: string) => `${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function passGate(page: Page) {
  await page.getByLabel('Date of birth').fill('1981-06-15');
  await page.getByLabel('Country').selectOption({ label: 'United States' });
  await page.getByRole('button', { name: /legal age/i }).click();
  await expect(page.getByRole('dialog', { name: 'Age verification' })).toBeHidden();
}

test.describe('email', () => {
  test('a new member verifies the address from the banner with the emailed code, and may then post', async ({ page }) => {
    const email = address('verify');
    await page.goto('/');
    await passGate(page);
    await page.getByRole('button', { name: 'Join the Community' }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome to Torcedor' });
    await dialog.getByLabel('First name').fill('Vera');
    await dialog.getByLabel('Last name').fill('Fied');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expect(toast(page).first()).toContainText('Account created successfully');
    // Signed in by the sign-up (no second login): the first run's steps, skipped here.
    await expect(page).toHaveURL(/\/welcome$/);
    await page.getByRole('button', { name: 'Skip setup' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back, Vera Fied' })).toBeVisible();

    const banner = page.getByRole('region', { name: 'Please verify your email address' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(email);
    // Until then the server refuses contributions (the composer's post too).
    const refused = await page.request.post('/api/posts', { headers, data: { content: 'Too early', postType: 'text' } });
    expect([refused.status(), ((await refused.json()) as { code: string }).code]).toEqual([403, 'EMAIL_UNVERIFIED']);

    const code = await newestCode(page.request, email);
    const form = banner.getByRole('form', { name: 'Verify email' });
    // A wrong code is refused under the field (one of the code's 5 tries).
    await form.getByLabel('Verification code').fill(`${code.slice(0, -1)}${(Number(code.at(-1)) + 1) % 10}`);
    await form.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(form.getByText(/That code is not valid/)).toBeVisible();
    await form.getByLabel('Verification code').fill(code);
    await form.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(toast(page)).toContainText('Email verified');
    await expect(banner).toBeHidden();

    // The verification reaches social's copy of the member through the bus; then the composer's post is shared.
    await servicesKnow(page.request);
    const text = `Verified and smoking, ${Date.now()}`;
    const composer = page.getByRole('form', { name: 'Share a post' });
    await composer.getByRole('textbox', { name: 'What are you smoking?' }).fill(text);
    await composer.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(toast(page)).toContainText('Post shared successfully');
    await expect(page.getByRole('list', { name: 'Posts' }).getByRole('article').filter({ hasText: text })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome back, Vera Fied' })).toBeVisible();
    await expect(banner).toBeHidden();
  });

  test('forgot password: the login dialog sends a code, the code and a new password change it, and the new one logs in', async ({ page }) => {
    const email = address('reset');
    const signup = await page.request.post('/api/auth/signup', {
      headers, data: { email, password: PASSWORD, firstName: 'Reese', lastName: 'Etter', dateOfBirth: '1979-02-11', country: 'US' },
    });
    expect(signup.status()).toBe(201);
    // Sign-up signs the new member in: this visitor is someone who forgot the password, signed out.
    await page.context().clearCookies();
    const before = await messagesTo(page.request, email);

    await page.goto('/');
    await passGate(page);
    await page.goto('/?auth=login');
    const dialog = page.getByRole('dialog', { name: 'Welcome to Torcedor' });
    await expect(dialog.getByRole('tab', { name: 'Login', selected: true })).toBeVisible();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    const request = dialog.getByRole('form', { name: 'Reset password' });
    await expect(request.getByLabel('Email')).toHaveValue(email);
    await request.getByRole('button', { name: 'Send code' }).click();
    await expect(dialog.getByText(/If an account exists for that address, we sent a 6-digit code/)).toBeVisible();

    const reset = dialog.getByRole('form', { name: 'Choose a new password' });
    await reset.getByLabel('Code from the email').fill(await newestCode(page.request, email, { after: before }));
    await reset.getByLabel('New password').fill(NEW_PASSWORD);
    await reset.getByRole('button', { name: 'Set new password' }).click();
    await expect(dialog.getByText('Your password was changed. Log in with your new password.')).toBeVisible();

    const login = dialog.getByRole('form', { name: 'Log in' });
    await expect(login.getByLabel('Email')).toHaveValue(email);
    await login.getByLabel('Password').fill(PASSWORD);
    await login.getByRole('button', { name: 'Log In' }).click();
    await expect(toast(page)).toContainText('Login failed');
    await login.getByLabel('Password').fill(NEW_PASSWORD);
    await login.getByRole('button', { name: 'Log In' }).click();
    await expect(toast(page)).toContainText('Login successful');
    await expect(page.getByRole('heading', { name: 'Welcome back, Reese Etter' })).toBeVisible();
  });
});
