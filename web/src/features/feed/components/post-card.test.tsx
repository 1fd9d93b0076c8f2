import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '@/lib/toast';
import { fakeApi, json, makeClient, makePost, renderWithRouter, seedFeed } from './feed-test-utils';
import { FeedList } from './feed-list';

const toastText = () => screen.getByTestId('toast').textContent;
const likeButton = () => screen.getByRole('button', { name: /^Like,/ });

function renderFeed(posts = [makePost()]) {
  const client = makeClient();
  seedFeed(client, [{ items: posts, nextCursor: null }]);
  return renderWithRouter(() => <FeedList />, client);
}

beforeEach(() => dismissToast());
afterEach(() => vi.unstubAllGlobals());

describe('post card', () => {
  it('renders content as plain text: a <script> shows as text and never runs', async () => {
    fakeApi({});
    const content = '<script>window.pwned = true</script>\n<b>bold?</b>';
    const { container } = renderFeed([makePost({ content })]);
    const article = await screen.findByRole('article');
    expect(within(article).getByText((_, el) => el?.tagName === 'P' && el.textContent === content)).toBeTruthy();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect((window as unknown as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it('shows the author (linking to their profile), location, relative time and picture', async () => {
    fakeApi({});
    renderFeed([makePost({ imageUrl: '/uploads/u2/abcdefghijklmnop' })]);
    const article = await screen.findByRole('article', { name: 'Carlos' });
    const link = within(article).getByRole('link', { name: 'Carlos' });
    expect(link.getAttribute('href')).toBe('/profile/u2');
    expect(within(article).getByText('Havana')).toBeTruthy();
    const time = article.querySelector('time');
    expect(time?.textContent).toBe('2h ago');
    expect(time?.getAttribute('dateTime')).toBeTruthy();
    expect(within(article).getByAltText('Photo shared by Carlos').getAttribute('src')).toBe('/uploads/u2/abcdefghijklmnop');
  });

  it('shows the member badge next to a premium author\u2019s name, on posts and comments, and none for a free one', async () => {
    const comment = (id: string, userName: string, premium: boolean) =>
      ({ id, postId: 'p1', userId: `u-${id}`, userName, userImageUrl: null, premium, content: `From ${userName}`, createdAt: new Date().toISOString() });
    fakeApi({ 'GET /api/posts/p1/comments': () => json({ items: [comment('c1', 'Luis', true), comment('c2', 'Marta', false)], commentCount: 2 }) });
    const user = userEvent.setup();
    renderFeed([makePost({ premium: true, commentCount: 2 }), makePost({ id: 'p2', userId: 'u3', userName: 'Pedro', premium: false })]);
    const premium = await screen.findByRole('article', { name: 'Carlos' });
    const badge = within(premium).getByRole('img', { name: 'Premium member' });
    expect(badge.getAttribute('title')).toBe('Premium member');
    expect(within(screen.getByRole('article', { name: 'Pedro' })).queryByRole('img', { name: 'Premium member' })).toBeNull();
    await user.click(within(premium).getByRole('button', { name: 'Comments, 2 comments' }));
    const [luis, marta] = within(await screen.findByRole('list', { name: 'Comments' })).getAllByRole('listitem');
    expect(within(luis!).getByRole('img', { name: 'Premium member' })).toBeTruthy();
    expect(within(marta!).queryByRole('img', { name: 'Premium member' })).toBeNull();
  });

  it('like: changes only with the server\u2019s answer, which it applies', async () => {
    let answer: (r: Response) => void = () => {};
    fakeApi({ 'POST /api/posts/p1/like': () => new Promise<Response>((r) => { answer = r; }) });
    const user = userEvent.setup();
    renderFeed();
    await screen.findByRole('article');
    expect(likeButton().getAttribute('aria-pressed')).toBe('false');
    expect(likeButton().textContent).toBe('3');
    await user.click(likeButton());
    // Waiting for the server: nothing changed yet.
    expect(likeButton().getAttribute('aria-pressed')).toBe('false');
    expect(likeButton().textContent).toBe('3');
    answer(json({ liked: true, likeCount: 7 }));
    await waitFor(() => expect(likeButton().getAttribute('aria-pressed')).toBe('true'));
    expect(likeButton().textContent).toBe('7');
  });

  it('like: a failure leaves the state as it was and says so', async () => {
    fakeApi({ 'POST /api/posts/p1/like': () => new Response('', { status: 500 }) });
    const user = userEvent.setup();
    renderFeed();
    await screen.findByRole('article');
    await user.click(likeButton());
    await waitFor(() => expect(toastText()).toContain('Failed to update like'));
    expect(toastText()).toContain('Error');
    expect(likeButton().getAttribute('aria-pressed')).toBe('false');
    expect(likeButton().textContent).toBe('3');
  });

  it('offers Report on others\u2019 posts, and Delete post (confirmed) on one\u2019s own', async () => {
    const fetch = fakeApi({ 'DELETE /api/posts/mine': () => json({ ok: true }) });
    const user = userEvent.setup();
    renderFeed([makePost(), makePost({ id: 'mine', userId: 'me', userName: 'Ana', content: 'My own post' })]);
    const others = await screen.findByRole('article', { name: 'Carlos' });
    const own = screen.getByRole('article', { name: 'Ana' });
    expect(within(others).getByRole('button', { name: 'Report this post' })).toBeTruthy();
    expect(within(others).queryByRole('button', { name: 'Delete post' })).toBeNull();
    expect(within(own).queryByRole('button', { name: 'Report this post' })).toBeNull();
    await user.click(within(own).getByRole('button', { name: 'Delete post' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this post?' });
    expect(fetch).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Delete post' }));
    await waitFor(() => expect(screen.queryByText('My own post')).toBeNull());
    expect(screen.getByRole('article', { name: 'Carlos' })).toBeTruthy();
  });

  it('comments: lists them, adds one (counted on the post), deletes only one\u2019s own', async () => {
    const comment = (id: string, userId: string, userName: string, content: string) =>
      ({ id, postId: 'p1', userId, userName, userImageUrl: null, premium: false, content, createdAt: new Date().toISOString() });
    const fetch = fakeApi({
      'GET /api/posts/p1/comments': () => json({ items: [comment('c1', 'u3', 'Luis', 'Nice smoke'), comment('c2', 'me', 'Ana', 'Thanks')], commentCount: 2 }),
      'POST /api/posts/p1/comments': ({ body }) => json(comment('c3', 'me', 'Ana', (body as { content: string }).content), 201),
      'DELETE /api/posts/p1/comments/c2': () => json({ ok: true }),
    });
    const user = userEvent.setup();
    renderFeed([makePost({ commentCount: 2 })]);
    const toggle = await screen.findByRole('button', { name: 'Comments, 2 comments' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const list = await screen.findByRole('list', { name: 'Comments' });
    const [luis, ana] = within(list).getAllByRole('listitem');
    expect(within(luis!).queryByRole('button', { name: 'Delete comment' })).toBeNull();
    expect(within(luis!).getByRole('button', { name: 'Report this comment' })).toBeTruthy();
    expect(within(ana!).getByRole('button', { name: 'Delete comment' })).toBeTruthy();

    await user.type(screen.getByLabelText('Add a comment'), 'Agreed, great draw');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    await screen.findByText('Agreed, great draw');
    expect(screen.getByRole('button', { name: 'Comments, 3 comments' })).toBeTruthy();
    expect((screen.getByLabelText('Add a comment') as HTMLTextAreaElement).value).toBe('');
    const post = fetch.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'POST') as unknown as [string, RequestInit];
    expect(JSON.parse(post[1].body as string)).toEqual({ content: 'Agreed, great draw' });

    await user.click(within(ana!).getByRole('button', { name: 'Delete comment' }));
    await waitFor(() => expect(screen.queryByText('Thanks')).toBeNull());
    expect(screen.getByRole('button', { name: 'Comments, 2 comments' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('Comments coming soon');
  });
});
