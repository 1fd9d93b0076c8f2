import { expect, test, type Page } from '@playwright/test';

const PASSWORD = 'Partagas-Serie-D-4';

/** A fresh free member, signed up and logged in through the API (the browser keeps the session cookies). */
async function signIn(page: Page, baseURL: string | undefined) {
  // State-changing API calls carry the app's origin (playwright.config.ts's baseURL).
  const headers = { origin: new URL(baseURL!).origin };
  const email = `billing-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const signup = await page.request.post('/api/auth/signup', {
    headers, data: { email, password: PASSWORD, firstName: 'Bea', lastName: 'Corona', dateOfBirth: '1981-02-14', country: 'US' },
  });
  expect(signup.status()).toBe(201);
  const login = await page.request.post('/api/auth/login', { headers, data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  return headers;
}

/** Upgrade to Premium, then the local provider's test-mode card form with this card (no real card is charged). */
async function payWith(page: Page, cardNumber: string) {
  await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
  const setup = page.getByRole('region', { name: 'Complete Your Subscription' });
  await expect(setup.getByText('Test mode')).toBeVisible();
  await setup.getByLabel('Card number').pressSequentially(cardNumber);
  await expect(setup.getByLabel('Card number')).toHaveValue(cardNumber.replace(/(\d{4})(?=\d)/g, '$1 '));
  await setup.getByLabel('Expiry (MM / YY)').pressSequentially('1234');
  await expect(setup.getByLabel('Expiry (MM / YY)')).toHaveValue('12 / 34');
  await setup.getByLabel('CVC').fill('123');
  await setup.getByRole('button', { name: 'Complete Payment' }).click();
  return setup;
}

test.describe('premium: upgrade, pay, cancel', () => {
  test('a free member at the humidor cap upgrades with the test card, loses the free limits, then cancels', async ({ page, baseURL }) => {
    const headers = await signIn(page, baseURL);
    const add = await page.request.post('/api/humidor', { headers, data: { cigarId: 'padron-1964-anniversary-series-exclusivo', quantity: 20 } });
    expect(add.status()).toBe(201);

    // The free limits, each read once by its page (and kept in the page's cache).
    await page.goto('/recommendations');
    await expect(page.getByText(/^Free Tier: \d\/3 AI recommendations used today$/)).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Humidor' }).click();
    await expect(page.getByRole('button', { name: 'Add Cigar' })).toBeDisabled();
    await page.getByRole('link', { name: 'Upgrade to Add More' }).click();

    await expect(page).toHaveURL(/\/subscription$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Torcedor Premium' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Free Membership' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Premium Membership' })).toBeVisible();
    await payWith(page, '4242424242424242');

    await expect(page.getByTestId('toast')).toContainText('Welcome to Premium!');
    await expect(page.getByTestId('toast')).toContainText('Your subscription has been activated successfully.');
    await expect(page).toHaveURL(/\/subscription$/);
    const panel = page.getByRole('region', { name: 'Premium Member' });
    await expect(panel.getByText('Active', { exact: true })).toBeVisible();
    await expect(panel.getByText(/^Renews /)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Complete Your Subscription' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Upgrade to Premium' })).toBeHidden();

    // In the same session (no reload), the pages read the plan afresh: no cap, no daily allowance.
    await nav.getByRole('link', { name: 'Humidor' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Humidor' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Cigar' })).toBeEnabled();
    await expect(page.getByRole('link', { name: 'Upgrade to Add More' })).toBeHidden();
    await nav.getByRole('link', { name: 'AI Recommendations' }).click();
    await expect(page.getByText('Unlimited AI recommendations are included in your membership.')).toBeVisible();
    await expect(page.getByText(/^Free Tier:/)).toBeHidden();

    await nav.getByRole('link', { name: 'Premium' }).click();
    await panel.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByRole('dialog', { name: 'Cancel Subscription' }).getByRole('button', { name: 'Cancel Subscription' }).click();
    await expect(page.getByTestId('toast')).toContainText('Subscription Canceled');
    await expect(page.getByTestId('toast')).toContainText('Your subscription has been canceled successfully.');
    await expect(panel.getByText(/^Your subscription has been canceled\. Premium stays active until /)).toBeVisible();
    await expect(panel.getByText(/^Premium until /)).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Cancel Subscription' })).toBeHidden();
    // Canceled at period end: still premium after a reload, until that day.
    await page.reload();
    await expect(panel.getByText('Active', { exact: true })).toBeVisible();
    await expect(panel.getByText(/^Premium until /)).toBeVisible();
  });

  test("a declined test card says 'Payment Failed' with the provider's message", async ({ page, baseURL }) => {
    await signIn(page, baseURL);
    await page.goto('/subscription');
    const setup = await payWith(page, '4000000000000002');
    await expect(page.getByTestId('toast')).toContainText('Payment Failed');
    await expect(page.getByTestId('toast')).toContainText('Your card was declined.');
    await expect(setup.getByRole('button', { name: 'Complete Payment' })).toBeEnabled();
    await expect(page.getByRole('region', { name: 'Premium Member' })).toBeHidden();
  });
});

test.describe('premium without a payment provider (a deployment before Stripe is configured)', () => {
  // The second stack of playwright.config.ts: billing runs as it does in AWS without Stripe.
  test.use({ baseURL: process.env.E2E_UNPAID_URL });

  test('the subscription page says premium is not available yet and shows no card form; the API answers 503', async ({ page, baseURL }) => {
    const headers = await signIn(page, baseURL);
    await page.goto('/subscription');
    await expect(page.getByRole('heading', { name: 'Premium Membership' })).toBeVisible();
    await expect(page.getByText('Premium is not available yet. Please try again later.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upgrade to Premium' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Complete Your Subscription' })).toHaveCount(0);
    const out = await page.request.post('/api/create-subscription', { headers: { ...headers, 'content-type': 'application/json' } });
    expect(out.status()).toBe(503);
    expect(await out.json()).toEqual({ message: 'Premium is not available yet. Please try again later.', code: 'PAYMENTS_UNAVAILABLE' });
  });
});
