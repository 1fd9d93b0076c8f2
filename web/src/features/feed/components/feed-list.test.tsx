import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, makeClient, makePost, renderWithRouter, seedFeed } from './feed-test-utils';
import { FeedList, FeedSkeleton } from './feed-list';

afterEach(() => vi.unstubAllGlobals());

describe('feed list', () => {
  it('empty: says so, and Discover Community shows popular posts inline', async () => {
    const fetch = fakeApi({ 'GET /api/feed/discover': () => json([makePost({ id: 'd1', userName: 'Marta', content: 'Popular post' })]) });
    const user = userEvent.setup();
    const client = makeClient();
    seedFeed(client, [{ items: [], nextCursor: null }]);
    renderWithRouter(() => <FeedList />, client);
    expect(await screen.findByRole('heading', { name: 'Your Feed is Empty' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Discover Community' }));
    const section = await screen.findByRole('region', { name: 'Discover Community' });
    expect(await within(section).findByText('Popular post')).toBeTruthy();
    expect(within(section).getByRole('article', { name: 'Marta' })).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/api/feed/discover'))).toBe(true);
  });

  it('reads the first page (skeletons meanwhile), then the next with its cursor on Load more', async () => {
    let first: (r: Response) => void = () => {};
    const fetch = fakeApi({
      'GET /api/feed': ({ query }) => query.get('cursor') === 'next1'
        ? json({ items: [makePost({ id: 'p2', content: 'Older post' })], nextCursor: null })
        : new Promise<Response>((r) => { first = r; }),
    });
    const user = userEvent.setup();
    renderWithRouter(() => <Suspense fallback={<FeedSkeleton />}><FeedList /></Suspense>);
    expect(await screen.findByRole('status', { name: 'Loading posts' })).toBeTruthy();
    first(json({ items: [makePost({ id: 'p1', content: 'Newest post' })], nextCursor: 'next1' }));
    expect(await screen.findByText('Newest post')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Older post')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/api/feed?cursor=next1'))).toBe(true));
  });
});
