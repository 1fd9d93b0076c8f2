import { expect, test, type Page } from '@playwright/test';
import { reloadUntilVisible, signIn } from './social-helpers.ts';
import { originHeaders } from './origin';

const headers = originHeaders;

/** The header's Messages link (its name carries the unread count). */
const messagesLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Messages/ });

/** Waits until the page's live socket is open (the header's Messages link says so), so what follows arrives by push. */
async function live(page: Page) {
  await expect(messagesLink(page)).toHaveAttribute('data-live', 'true');
}

/** The open thread's messages. */
const thread = (page: Page, name: string) => page.getByRole('list', { name: `Messages with ${name}` });

/** Sends a message from the open thread's composer with Enter; it shows at once from the answer. */
async function send(page: Page, name: string, text: string) {
  const box = page.getByRole('form', { name: 'Send a message' }).getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expect(thread(page, name).getByText(text, { exact: true })).toBeVisible();
}

test.describe('direct messages', () => {
  test('two members message each other and each sees the other\u2019s message arrive without a reload', async ({ page: pageA, browser, baseURL }) => {
    test.setTimeout(60_000);
    const contextB = await browser.newContext({ baseURL });
    const pageB = await contextB.newPage();
    try {
      const a = await signIn(pageA, 'Alma', 'Corojo');
      const b = await signIn(pageB, 'Bruno', 'Criollo');
      const hello = `Lounge on Friday? ${Date.now()}`;
      const reply = 'Count me in, I will bring a Lancero';
      const again = 'Great, see you at eight';

      await test.step('B waits elsewhere; A messages B from B\u2019s profile', async () => {
        await pageB.goto('/events');
        await live(pageB);
        await expect(messagesLink(pageB)).toHaveAccessibleName('Messages');

        await pageA.goto(`/profile/${b.id}`);
        await expect(pageA.getByRole('heading', { level: 1, name: b.name })).toBeVisible();
        // Social learns of a new member's settings from identity's event, a moment after the sign-up.
        const message = pageA.getByRole('link', { name: 'Message', exact: true });
        await reloadUntilVisible(pageA, message);
        await message.click();
        await expect(pageA).toHaveURL(new RegExp(`/messages/${b.id}$`));
        await expect(pageA.getByText('No messages yet')).toBeVisible();
        await live(pageA);
        await send(pageA, b.name, hello);
      });

      await test.step('B is told at once: a toast and the unread badge; the toast opens the thread, which reads it', async () => {
        const toast = pageB.getByTestId('toast');
        await expect(toast).toContainText(`New message from ${a.name}`);
        await expect(toast).toContainText(hello);
        await expect(messagesLink(pageB)).toHaveAccessibleName('Messages, 1 unread');
        await toast.getByRole('link', { name: 'Open conversation' }).click();
        await expect(pageB).toHaveURL(new RegExp(`/messages/${a.id}$`));
        await expect(thread(pageB, a.name).getByText(hello, { exact: true })).toBeVisible();
        // Opening the thread marks it read: the badge goes.
        await expect(messagesLink(pageB)).toHaveAccessibleName('Messages');
      });

      await test.step('B replies; A, still on the thread, sees it appear, and the other way round', async () => {
        await send(pageB, a.name, reply);
        await expect(thread(pageA, b.name).getByText(reply, { exact: true })).toBeVisible();
        await send(pageA, b.name, again);
        await expect(thread(pageB, a.name).getByText(again, { exact: true })).toBeVisible();
        // Oldest at the top, newest at the bottom, in both.
        for (const [page, name] of [[pageA, b.name], [pageB, a.name]] as const) {
          const items = thread(page, name).getByRole('listitem');
          await expect(items).toHaveCount(3);
          await expect(items).toContainText([hello, reply, again]);
        }
      });

      await test.step('the conversation list shows the other member with the last message', async () => {
        await pageA.goto('/messages');
        const row = pageA.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: new RegExp(b.name) });
        await expect(row).toContainText(`You: ${again}`);
      });
    } finally {
      await contextB.close();
    }
  });

  test('with \u2019Direct messages from\u2019 set to no one, the Message button goes and a send is refused', async ({ page: pageA, browser, baseURL }) => {
    const contextB = await browser.newContext({ baseURL });
    const pageB = await contextB.newPage();
    try {
      await signIn(pageA, 'Carmen', 'Habano');
      const b = await signIn(pageB, 'Diego', 'Maduro');

      await pageA.goto(`/profile/${b.id}`);
      await reloadUntilVisible(pageA, pageA.getByRole('link', { name: 'Message', exact: true }));

      await pageB.goto('/settings');
      await pageB.getByRole('tab', { name: 'Privacy' }).click();
      const privacy = pageB.getByRole('form', { name: 'Privacy settings' });
      await privacy.getByLabel('Direct messages from').selectOption('none');
      await privacy.getByRole('button', { name: 'Save Privacy Settings' }).click();
      await expect(pageB.getByTestId('toast')).toContainText('Privacy settings updated');

      // The setting reaches social by identity's event: the profile is read again until it has.
      await expect(async () => {
        await pageA.reload();
        await expect(pageA.getByRole('button', { name: 'Follow', exact: true })).toBeVisible({ timeout: 1_500 });
        await expect(pageA.getByRole('link', { name: 'Message', exact: true })).toHaveCount(0);
      }).toPass({ timeout: 10_000, intervals: [250, 500, 1_000] });

      const refused = await pageA.request.post('/api/messages', {
        headers: { ...headers, 'idempotency-key': crypto.randomUUID() }, data: { to: b.id, text: 'Still taking messages?' },
      });
      expect(refused.status()).toBe(403);
      expect(await refused.json()).toMatchObject({ code: 'MESSAGES_CLOSED', message: 'This member is not accepting messages.' });

      // The thread says why, and its composer is off.
      await pageA.goto(`/messages/${b.id}`);
      await expect(pageA.getByTestId('reply-closed')).toHaveText('This member is not accepting messages.');
      await expect(pageA.getByRole('textbox', { name: 'Message' })).toBeDisabled();
    } finally {
      await contextB.close();
    }
  });
});
