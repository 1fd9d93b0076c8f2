import { expect, test, type Locator, type Page } from '@playwright/test';
import { originHeaders } from './origin';

const PASSWORD = 'Hoyo-Epicure-2';
const headers = originHeaders;

/** A fresh free member, signed up and logged in through the API (the browser keeps the session cookies). */
async function signIn(page: Page) {
  const email = `vitolai-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const signup = await page.request.post('/api/auth/signup', {
    headers, data: { email, password: PASSWORD, firstName: 'Vera', lastName: 'Vitola', dateOfBirth: '1981-07-14', country: 'US' },
  });
  expect(signup.status()).toBe(201);
  const login = await page.request.post('/api/auth/login', { headers, data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
}

/** The messages of a chat's log, in order (each starts with its screen-reader label, 'You said:' or 'VitolAI said:'). */
const messagesOf = (log: Locator) => log.locator(':scope > div');

/** Sends `question` from `input` and waits for VitolAI's answer to be the log's `count`-th message. */
async function ask(input: Locator, log: Locator, question: string, count: number) {
  await input.fill(question);
  await input.press('Enter');
  await expect(messagesOf(log)).toHaveCount(count);
  await expect(messagesOf(log).nth(count - 2)).toContainText(question);
  await expect(messagesOf(log).nth(count - 1)).toContainText('VitolAI said:');
  await expect(input).toBeEnabled();
}

/**
 * Waits until VitolAI knows the catalog: the ai service's copy of it arrives by events after a fresh stack starts
 * (364 cigars; about a minute on a busy machine), and until then it has nothing to pick from.
 */
async function waitForCatalog(page: Page) {
  await expect.poll(async () => {
    const res = await page.request.get('/api/recommendations/quick');
    return res.ok() ? ((await res.json()) as { items: unknown[] }).items.length : 0;
  }, { timeout: 120_000, intervals: [1_000, 2_000, 5_000] }).toBeGreaterThanOrEqual(3);
}

test.describe('VitolAI', () => {
  // Each test signs a member up and waits on several answers; the first also on the ai service's catalog copy.
  test.beforeEach(() => test.setTimeout(180_000));

  test('a free member gets three recommendations a day, each naming a cigar, then the daily limit', async ({ page }) => {
    await signIn(page);
    await waitForCatalog(page);
    await page.goto('/recommendations');

    await expect(page.getByText('Free Tier: 0/3 AI recommendations used today')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/subscription');
    const profile = page.getByRole('region', { name: 'Your Profile' });
    await expect(profile.getByText('N/A')).toBeVisible();
    const picks = page.getByRole('region', { name: 'Quick Picks' });
    await expect(picks.getByRole('listitem')).toHaveCount(3);
    await expect(picks.getByRole('listitem').first()).toContainText('% match');
    // A new member's humidor is empty: the card points to it.
    await expect(page.getByRole('region', { name: 'Smoke Next from Your Humidor' }).getByRole('link', { name: 'Go to My Humidor' })).toBeVisible();

    const chat = page.getByRole('region', { name: 'Chat with VitolAI' });
    await expect(chat.getByText('AI Powered')).toBeVisible();
    await expect(chat.getByRole('listitem')).toHaveCount(6);
    const log = chat.getByRole('log', { name: 'Conversation with VitolAI' });
    const input = chat.getByLabel('Ask VitolAI');

    // The first question from a suggested prompt: the typing indicator and the disabled input while it is answered.
    await chat.getByRole('button', { name: 'Recommend a mild cigar for a beginner' }).click();
    await expect(messagesOf(log)).toHaveCount(2);
    await expect(input).toBeEnabled();
    await expect(page.getByText('Free Tier: 1/3 AI recommendations used today')).toBeVisible();
    await ask(input, log, 'Something like the Padrón 1964 Anniversary', 4);
    await expect(page.getByText('Free Tier: 2/3 AI recommendations used today')).toBeVisible();
    await ask(input, log, 'A full-bodied cigar for after dinner', 6);
    await expect(page.getByText('Free Tier: 3/3 AI recommendations used today')).toBeVisible();

    // Each answer names a catalog cigar, linked to its page.
    for (const i of [1, 3, 5]) {
      const named = messagesOf(log).nth(i).getByRole('list', { name: 'Suggested cigars' }).getByRole('link');
      await expect(named.first()).toHaveAttribute('href', /^\/cigars\/[^/]+$/);
    }

    // The fourth: the daily limit, and the question stays in the input.
    await input.fill('And one more for the weekend?');
    await input.press('Enter');
    await expect(page.getByTestId('toast')).toContainText('Daily Limit Reached');
    await expect(page.getByTestId('toast')).toContainText('Free users are limited to 3 AI recommendations per day. Upgrade to Premium for unlimited access!');
    await expect(messagesOf(log)).toHaveCount(6);
    await expect(input).toHaveValue('And one more for the weekend?');

    // The server holds the count: after a reload the banner still reads 3/3, and it refuses a fourth answer itself.
    await page.reload();
    await expect(page.getByText('Free Tier: 3/3 AI recommendations used today')).toBeVisible();
    const refused = await page.request.post('/api/chatbot/recommendations', {
      headers, data: { sessionId: `session-${Date.now()}e2e4th`, message: 'And one more?' },
    });
    expect(refused.status()).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'AI_DAILY_LIMIT' });
  });

  test("the feed's chat widget loads on first open, answers, and keeps the conversation when minimised", async ({ page }) => {
    await signIn(page);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome back, Vera Vitola' })).toBeVisible();
    const open = page.getByRole('button', { name: 'Open VitolAI chat' });
    await expect(open).toBeVisible();
    // The widget's code is not part of the feed's first load.
    expect(scripts.filter((u) => /chat-widget/.test(u))).toEqual([]);

    await open.click();
    const widget = page.getByRole('region', { name: 'VitolAI chat' });
    await expect(widget).toBeVisible();
    expect(scripts.filter((u) => /chat-widget/.test(u))).toHaveLength(1);
    await expect(widget.getByRole('listitem')).toHaveCount(3);
    const input = widget.getByLabel('Message VitolAI');
    await expect(input).toBeFocused();
    const log = widget.getByRole('log', { name: 'Conversation with VitolAI' });
    await ask(input, log, 'How should I store my cigars?', 2);
    const answer = (await messagesOf(log).nth(1).textContent())!;
    expect(answer.length).toBeGreaterThan('VitolAI said: '.length + 20);

    await widget.getByRole('button', { name: 'Minimise chat' }).click();
    await expect(widget.getByRole('log')).toHaveCount(0);
    await widget.getByRole('button', { name: 'Expand VitolAI chat' }).click();
    await expect(messagesOf(log)).toHaveCount(2);
    await expect(messagesOf(log).nth(0)).toContainText('How should I store my cigars?');
    await expect(messagesOf(log).nth(1)).toHaveText(answer);

    // The widget's chat is not a recommendation: the free allowance is untouched.
    const usage = await page.request.get('/api/ai/usage');
    expect(await usage.json()).toMatchObject({ used: 0, limit: 3 });
  });
});

