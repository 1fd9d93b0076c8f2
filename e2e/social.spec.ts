import { expect, test, type Page, type Request, type Route } from '@playwright/test';
import { counter, expectImageLoaded, pngBytes, reloadUntilVisible, signIn } from './social-helpers.ts';

const POST_TEXT = `Maduro on the porch, ${Date.now()}`;
const XSS_TEXT = '<script>window.__pwned = 1</script><b>bold</b>';
const COMMENT = 'Lovely smoke';

/** The post (an <article>) of the feed that carries `text`. */
const postOf = (page: Page, text: string) => page.getByRole('list', { name: 'Posts' }).getByRole('article').filter({ hasText: text });

/** Shares a post through the home's composer, optionally with a picture; waits for the success toast. */
async function share(page: Page, text: string, picture?: { name: string; mimeType: string; buffer: Buffer }) {
  const composer = page.getByRole('form', { name: 'Share a post' });
  await composer.getByRole('textbox', { name: 'What are you smoking?' }).fill(text);
  if (picture) {
    await composer.getByLabel('Photo file').setInputFiles(picture);
    await expectImageLoaded(composer.getByRole('img', { name: 'Preview of the photo to share' }));
  }
  if (!picture) {
    await composer.getByRole('button', { name: 'Share', exact: true }).click();
  } else {
    // The picture is uploaded when the post is shared. The POST of its bytes (the form sent to the presigned POST, on
    // the storage's origin) is held back for a moment, so the progress bar can be seen before it runs to the end and
    // the post is created.
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    const appOrigin = new URL(page.url()).origin;
    const isUpload = (r: Request) => r.method() === 'POST' && new URL(r.url()).origin !== appOrigin;
    // Only the storage's origin is routed, and the route stays (passing everything once released): a request that
    // starts while a route is being removed can be left unanswered (it was: the post's own request, right after the
    // upload), as e2e/events.spec.ts's holdRequests says.
    const storage = (url: URL) => url.origin !== appOrigin;
    const hold = async (route: Route) => {
      if (isUpload(route.request())) await held;
      await route.fallback();
    };
    await page.route(storage, hold);
    try {
      const sent = page.waitForResponse((r) => isUpload(r.request()));
      await composer.getByRole('button', { name: 'Share', exact: true }).click();
      await expect(composer.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
      await expect(composer.getByRole('button', { name: 'Sharing...' })).toBeDisabled();
      release();
      expect((await sent).ok()).toBe(true);
    } finally {
      release();
    }
  }
  await expect(page.getByTestId('toast')).toContainText('Post shared successfully');
  // The composer is reset: no text, no picture left behind.
  await expect(composer.getByRole('textbox', { name: 'What are you smoking?' })).toHaveValue('');
  await expect(composer.getByRole('img', { name: 'Preview of the photo to share' })).toBeHidden();
}

test.describe('the social flow', () => {
  test('follow, share a picture, it fans out, like and comment, the bell tells the author; content is plain text', async ({ page: pageA, browser, baseURL }) => {
    test.setTimeout(60_000);
    const contextB = await browser.newContext({ baseURL });
    const pageB = await contextB.newPage();
    try {
      const a = await signIn(pageA, 'Alma', 'Corojo');
      const b = await signIn(pageB, 'Bruno', 'Criollo');
      expect(a.id).not.toBe(b.id);

      await test.step('B follows A from A\u2019s profile', async () => {
        await pageB.goto(`/profile/${a.id}`);
        await expect(pageB.getByRole('heading', { level: 1, name: a.name })).toBeVisible();
        const stats = pageB.getByLabel('Profile statistics');
        await expect(counter(stats, 'Followers')).toHaveText('0');
        await pageB.getByRole('button', { name: 'Follow', exact: true }).click();
        await expect(pageB.getByTestId('toast')).toContainText('Followed successfully');
        const unfollow = pageB.getByRole('button', { name: 'Unfollow', exact: true });
        await expect(unfollow).toBeVisible();
        await expect(unfollow).toHaveAttribute('aria-pressed', 'true');
        await pageB.reload();
        await expect(unfollow).toBeVisible();
        await expect(counter(stats, 'Followers')).toHaveText('1');
        // A's own home counts the follower too.
        await pageA.goto('/');
        await expect(counter(pageA.getByRole('complementary', { name: 'Your profile' }), 'Followers')).toHaveText('1');
      });

      await test.step('A shares a post with a picture', async () => {
        await pageA.goto('/');
        await expect(pageA.getByRole('heading', { name: `Welcome back, ${a.name}` })).toBeVisible();
        await share(pageA, POST_TEXT, { name: 'maduro.png', mimeType: 'image/png', buffer: pngBytes(8) });
        const post = postOf(pageA, POST_TEXT);
        await expect(post).toBeVisible();
        await expect(post.getByRole('link', { name: a.name })).toBeVisible();
        await expectImageLoaded(post.getByRole('img', { name: `Photo shared by ${a.name}` }));
      });

      const postB = postOf(pageB, POST_TEXT);
      await test.step('the post reaches B\u2019s feed, with its picture', async () => {
        await pageB.goto('/');
        await reloadUntilVisible(pageB, postB);
        await expect(postB.getByRole('link', { name: a.name })).toBeVisible();
        await expectImageLoaded(postB.getByRole('img', { name: `Photo shared by ${a.name}` }));
      });

      await test.step('B likes the post and comments on it', async () => {
        const like = postB.getByRole('button', { name: /^Like, / });
        await expect(like).toHaveAccessibleName('Like, 0 likes');
        await expect(like).toHaveAttribute('aria-pressed', 'false');
        await like.click();
        await expect(like).toHaveAccessibleName('Like, 1 like');
        await expect(like).toHaveAttribute('aria-pressed', 'true');

        const comments = postB.getByRole('button', { name: /^Comments, / });
        await expect(comments).toHaveAccessibleName('Comments, 0 comments');
        await comments.click();
        await expect(comments).toHaveAttribute('aria-expanded', 'true');
        await expect(postB.getByText('No comments yet. Be the first to comment.')).toBeVisible();
        const form = postB.getByRole('form', { name: 'Write a comment' });
        await form.getByLabel('Add a comment').fill(COMMENT);
        await form.getByRole('button', { name: 'Comment', exact: true }).click();
        const list = postB.getByRole('list', { name: 'Comments' });
        await expect(list.getByRole('listitem')).toHaveCount(1);
        await expect(list.getByRole('listitem').first()).toContainText(COMMENT);
        await expect(list.getByRole('listitem').first()).toContainText(b.name);
        await expect(comments).toHaveAccessibleName('Comments, 1 comment');
        await expect(form.getByLabel('Add a comment')).toHaveValue('');

        // Both survive a reload, and A sees them on the post too.
        await pageB.reload();
        await expect(postB.getByRole('button', { name: /^Like, / })).toHaveAccessibleName('Like, 1 like');
        await expect(postB.getByRole('button', { name: /^Like, / })).toHaveAttribute('aria-pressed', 'true');
        await expect(postB.getByRole('button', { name: /^Comments, / })).toHaveAccessibleName('Comments, 1 comment');
        await pageA.reload();
        const postA = postOf(pageA, POST_TEXT);
        await expect(postA.getByRole('button', { name: /^Like, / })).toHaveAccessibleName('Like, 1 like');
        await expect(postA.getByRole('button', { name: /^Like, / })).toHaveAttribute('aria-pressed', 'false');
        await expect(postA.getByRole('button', { name: /^Comments, / })).toHaveAccessibleName('Comments, 1 comment');
      });

      await test.step('A\u2019s bell counts the follow, the like and the comment (beside the welcome every new member gets), and lists them', async () => {
        const bell = pageA.getByRole('banner').getByRole('button', { name: /^Notifications/ });
        // Notifications are written as the events arrive: reload until all three are counted, with the welcome.
        await expect(async () => {
          await pageA.reload();
          await expect(bell).toHaveAccessibleName('Notifications, 4 unread', { timeout: 1_500 });
        }).toPass({ timeout: 10_000, intervals: [250, 500, 1_000] });
        await expect(bell.getByTestId('unread-badge')).toHaveText('4');

        await bell.click();
        const panel = pageA.getByRole('dialog', { name: 'Notifications' });
        await expect(panel).toBeVisible();
        const rows = panel.getByRole('listitem');
        await expect(rows).toHaveCount(4);
        await expect(rows.filter({ hasText: 'Welcome to Torcedor!' })).toHaveCount(1);
        await expect(rows.filter({ hasText: `${b.name} liked your post` })).toHaveCount(1);
        await expect(rows.filter({ hasText: `${b.name} commented: \u201c${COMMENT}\u201d` })).toHaveCount(1);
        await expect(rows.filter({ hasText: `${b.name} started following you` })).toHaveCount(1);
        await expect(panel.getByRole('img', { name: 'Unread' })).toHaveCount(4);
        // Shown for a moment, they count as read: the badge goes once the panel closes.
        await expect(bell).toHaveAccessibleName('Notifications', { timeout: 5_000 });
        await pageA.keyboard.press('Escape');
        await expect(panel).toBeHidden();
        await expect(bell.getByTestId('unread-badge')).toBeHidden();
      });

      await test.step('a post with markup shows as the text typed, and nothing in it runs', async () => {
        await share(pageA, XSS_TEXT);
        for (const reload of [false, true]) {
          if (reload) await pageA.reload();
          const post = postOf(pageA, XSS_TEXT);
          await expect(post).toBeVisible();
          await expect(post.getByText(XSS_TEXT, { exact: true })).toBeVisible();
          await expect(post.locator('b, script')).toHaveCount(0);
          expect(await pageA.evaluate(() => (globalThis as { __pwned?: unknown }).__pwned)).toBeUndefined();
        }
      });
    } finally {
      await contextB.close();
    }
  });
});
