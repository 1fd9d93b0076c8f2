import { expect, test, type APIRequestContext } from '@playwright/test';
import { signIn } from './social-helpers.ts';
import { originHeaders } from './origin';

/**
 * Campaign emails (docs/marketing.md, "Campaign emails"): the owner writes a campaign's email and sends it; a member who
 * accepts marketing emails at a verified address receives it in the local inbox (its send runs on the minute
 * schedule), with RFC 8058 one-click headers, and unsubscribes from the email's own link without signing in.
 */
const OWNER = 'owner@torcedor.test';
const DEMO_PASSWORD = 'Torcedor-demo-2026';
const headers = originHeaders;

interface StoredEmail { destination: { to: string[] }; subject: string; body: { text?: string }; headers?: { name: string; value: string }[] }

/** The message with this subject sent to `to`, waiting for the minute schedule's send (at most 90 s). */
async function receivedBy(request: APIRequestContext, to: string, subject: string): Promise<StoredEmail> {
  let found: StoredEmail | undefined;
  await expect.poll(async () => {
    const { emails } = (await (await request.get('/_dev/mail/store')).json()) as { emails: StoredEmail[] };
    found = emails.find((m) => m.subject === subject && m.destination.to.some((t) => t.toLowerCase() === to.toLowerCase()));
    return Boolean(found);
  }, { message: `"${subject}" in ${to}'s inbox`, timeout: 90_000, intervals: [2_000] }).toBe(true);
  return found!;
}

test.describe('campaign emails', () => {
  test('the owner sends a campaign email; a member receives it and unsubscribes from its link', async ({ page, browser }) => {
    test.setTimeout(180_000);
    // A member who accepts marketing emails at a verified address.
    const member = await signIn(page, 'Mara', 'Maduro');
    const settings = { emailNotifications: true, followNotifications: true, reviewNotifications: true, eventNotifications: true, messageNotifications: true, marketingEmails: true };
    expect((await page.request.put('/api/user/notifications', { headers, data: settings })).status()).toBe(200);
    await page.context().clearCookies();

    // The owner writes the email on a new campaign and sends it.
    const owner = await browser.newPage();
    expect((await owner.request.post('/api/auth/login', { headers, data: { email: OWNER, password: DEMO_PASSWORD } })).status()).toBe(200);
    const name = `Spring Humidor ${Date.now()}`;
    const subject = `Spring at the lounge ${Date.now()}`;
    await owner.goto('/marketing');
    await owner.getByRole('button', { name: 'New Campaign' }).click();
    const form = owner.getByRole('dialog', { name: 'New Campaign' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Type').selectOption('email');
    await form.getByRole('button', { name: 'Create Campaign' }).click();
    await expect(form).toBeHidden();
    const card = owner.getByRole('list', { name: 'Campaigns' }).getByRole('listitem').filter({ has: owner.getByRole('heading', { name }) });
    await card.getByRole('button', { name: 'View Analytics' }).click();
    const dialog = owner.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Write email' }).click();
    await dialog.getByLabel('Subject').fill(subject);
    await dialog.getByLabel('Body').fill('The spring releases are in.\n\nCome taste them with us on Friday.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('button', { name: 'Send to members' }).click();
    await owner.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(owner.getByTestId('toast')).toContainText(/Sending to \d+ members?\./);

    // The member's copy: the body, the campaign's link, one-click unsubscribe headers and the unsubscribe page link.
    const mail = await receivedBy(page.request, member.email, subject);
    expect(mail.body.text).toContain('Come taste them with us on Friday.');
    expect(mail.body.text).toMatch(/utm_campaign=/);
    expect(mail.headers).toContainEqual({ name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' });
    expect(mail.headers?.find((h) => h.name === 'List-Unsubscribe')?.value).toMatch(/^<https?:\/\/[^>]+\/api\/unsubscribe\/one-click\?token=[^>]+>$/);
    const link = /(https?:\/\/\S+\/unsubscribe\?token=[A-Za-z0-9_.-]+)/.exec(mail.body.text ?? '')?.[1];
    expect(link).toBeTruthy();

    // Signed out, the member follows the link: nothing changes until they click.
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByText(/You're unsubscribed from marketing emails from Torcedor\./i)).toBeVisible();

    // The setting is off for the member.
    expect((await page.request.post('/api/auth/login', { headers, data: { email: member.email, password: 'Oliva-Serie-V-54' } })).status()).toBe(200);
    expect(((await (await page.request.get('/api/auth/user')).json()) as { marketingEmails: boolean }).marketingEmails).toBe(false);
    await owner.close();
  });
});
