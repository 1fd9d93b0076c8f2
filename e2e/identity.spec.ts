import { expect, test, type Page } from '@playwright/test';

const PASSWORD = 'Cohiba-Siglo-6';

async function passGate(page: Page) {
  await page.getByLabel('Date of birth').fill('1984-03-09');
  await page.getByLabel('Country').selectOption({ label: 'Canada' });
  await page.getByRole('button', { name: /legal age/i }).click();
  await expect(page.getByRole('dialog', { name: 'Age verification' })).toBeHidden();
}

test.describe('identity and onboarding', () => {
  test('the age gate refuses an under-age visitor with the spec alert', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: /legal age/i }).click();
    await expect(page.getByRole('alert')).toHaveText('Please complete all required fields');
    const year = new Date().getFullYear() - 20;
    await page.getByLabel('Date of birth').fill(`${year}-01-01`);
    await page.getByLabel('Country').selectOption({ label: 'United States' });
    await page.getByRole('button', { name: /legal age/i }).click();
    await expect(page.getByRole('alert')).toHaveText('You must be at least 21 years old to access this platform in United States');
  });

  test('sign up, log in, see the home, change a setting, log out; a logged-out /humidor ends at the login dialog', async ({ page }) => {
    const email = `e2e-${Date.now()}@example.com`;
    await page.goto('/');
    await passGate(page);

    await page.getByRole('button', { name: 'Join the Community' }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome to Torcedor' });
    await expect(dialog.getByRole('tab', { name: 'Sign Up', selected: true })).toBeVisible();
    const create = dialog.getByRole('button', { name: 'Create Account' });
    await dialog.getByLabel('First name').fill('Ana');
    await dialog.getByLabel('Last name').fill('Robusto');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await expect(create).toBeDisabled();
    await dialog.getByRole('checkbox').check();
    await create.click();
    await expect(page.getByTestId('toast').first()).toContainText('Account created successfully');

    // Sign-up signs the member in: no second login, straight to the first run (e2e/first-run.spec.ts), skipped here.
    await expect(page).toHaveURL(/\/welcome$/);
    await page.getByRole('button', { name: 'Skip setup' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back, Ana Robusto' })).toBeVisible();
    await expect(page.getByText('My Collection')).toBeVisible();
    await expect(page.getByText('Location not set')).toBeVisible();

    await page.goto('/settings');
    await page.getByLabel('Display name').fill('Ana the Aficionada');
    await page.getByLabel('Location').fill('Toronto');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByTestId('toast')).toContainText('Profile updated');
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await page.getByRole('switch', { name: 'Marketing emails' }).click();
    await page.getByRole('button', { name: 'Save Notification Settings' }).click();
    await expect(page.getByTestId('toast')).toContainText('Notification settings updated');
    await page.reload();
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await expect(page.getByRole('switch', { name: 'Marketing emails' })).toHaveAttribute('aria-checked', 'true');

    await page.getByRole('link', { name: 'Feed' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back, Ana the Aficionada' })).toBeVisible();
    await expect(page.getByText('Toronto')).toBeVisible();

    const cookiesBefore = await page.context().cookies();
    const logout = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/logout');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    expect((await logout).method()).toBe('POST');
    await expect(page.getByRole('button', { name: 'Join the Community' })).toBeVisible();

    // The old session cookie is revoked on the server: replaying it is a 401.
    const session = cookiesBefore.find((c) => c.name === 'torcedor_session');
    expect(session).toBeTruthy();
    const replay = await page.request.get('/api/auth/user', { headers: { cookie: `torcedor_session=${session!.value}` } });
    expect(replay.status()).toBe(401);

    await page.goto('/humidor?tab=wishlist');
    await expect(page.getByTestId('toast')).toContainText('You are logged out. Logging in again...');
    // The login dialog carries the page asked for, and returns there once logged in.
    await expect(page).toHaveURL(/\/\?auth=login&redirect=%2Fhumidor%3Ftab%3Dwishlist$/);
    await expect(page.getByRole('dialog', { name: 'Welcome to Torcedor' }).getByRole('tab', { name: 'Login', selected: true })).toBeVisible();
    await expect(page.getByTestId('toast')).toBeHidden(); // the logged-out rule's page load is done
    await expect(page).toHaveURL(/\/\?auth=login&redirect=%2Fhumidor%3Ftab%3Dwishlist$/);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByTestId('toast')).toContainText('Login successful');
    await expect(page).toHaveURL(/\/humidor\?tab=wishlist$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Humidor' })).toBeVisible();
    await expect(page.getByRole('tab', { name: /^Wishlist/, selected: true })).toBeVisible();

    // A redirect to another origin is dropped: logging in then goes to the home.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page.getByRole('button', { name: 'Join the Community' })).toBeVisible();
    await page.goto('/?auth=login&redirect=%2F%2Fevil.example%2Fhumidor');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back, Ana the Aficionada' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the old logout link logs nobody out by itself: it opens the page with the Log out button, which does", async ({ page, baseURL }) => {
    const headers = { origin: new URL(baseURL!).origin };
    const email = `logout-${Date.now()}@example.com`;
    expect((await page.request.post('/api/auth/signup', { headers, data: { email, password: PASSWORD, firstName: 'Lou', lastName: 'Gout', dateOfBirth: '1980-01-01', country: 'US' } })).status()).toBe(201);
    expect((await page.request.post('/api/auth/login', { headers, data: { email, password: PASSWORD } })).status()).toBe(200);
    await page.goto('/api/logout');
    await expect(page).toHaveURL(/\/logout$/);
    await expect(page.getByRole('heading', { name: 'Log out of Torcedor?' })).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(200);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('button', { name: 'Join the Community' })).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  test('a 7-day trial starts without email or card', async ({ page }) => {
    await page.goto('/');
    await passGate(page);
    await page.getByRole('button', { name: '7-Day Free Trial' }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome to Torcedor' });
    await expect(dialog.getByLabel('Date of birth')).toHaveValue('1984-03-09');
    await dialog.getByRole('button', { name: 'Start 7-Day Trial' }).click();
    await expect(page.getByTestId('toast')).toContainText('Trial access granted');
    await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
    await expect(page.getByText(/Trial ends/)).toBeVisible();
  });

  test('legal pages have a Back button and a last-updated date', async ({ page }) => {
    for (const [path, title] of [['/terms', 'Terms of Service'], ['/privacy', 'Privacy Policy'], ['/disclaimer', 'Legal Disclaimer']] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText(/Last updated:/)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
    }
    await page.goto('/terms');
    await expect(page.getByText(/greater of \$100/)).toBeVisible();
    await expect(page.getByText(/State of Delaware/)).toBeVisible();
  });
});
