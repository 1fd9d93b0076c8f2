import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserQuery } from '@/lib/current-user';
import { profileKeys } from '../api/profile-keys';
import { ProfilePage } from './profile-page';
import type { ProfileTab } from './profile-tabs';
import { json, me, other, post, renderWithApp, restricted, review, stubApi } from './test-utils';

afterEach(() => vi.unstubAllGlobals());

const empty = { items: [], nextCursor: null };

function renderProfile(id: string | undefined, tab: ProfileTab = 'posts', onTabChange = vi.fn()) {
  return { ...renderWithApp(() => <ProfilePage id={id} tab={tab} onTabChange={onTabChange} />, { profiles: [other, restricted] }), onTabChange };
}

const counters = () => screen.queryAllByRole('term').map((t) => t.textContent);

describe('profile page', () => {
  it('shows the own profile from the current user record, with own empty states and Edit profile', async () => {
    const fetch = stubApi({ 'GET /api/users/u1/posts': empty, 'GET /api/users/u1/reviews': [] });
    renderProfile(undefined);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ana' })).toBeTruthy();
    expect(screen.getByText('Miami')).toBeTruthy();
    expect(counters()).toEqual(['Following', 'Followers', 'Reviews', 'Cigars']);
    expect(screen.getByRole('link', { name: 'Edit profile' }).getAttribute('href')).toBe('/settings');
    expect(screen.getByRole('button', { name: 'Change profile picture' })).toBeTruthy();
    expect(await screen.findByText('No Posts Yet')).toBeTruthy();
    expect(screen.getByText("You haven't shared any posts yet.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Follow/ })).toBeNull();
    // No getUser call for one's own profile.
    expect(fetch.mock.calls.map(([u]) => String(u))).not.toContainEqual(expect.stringMatching(/\/api\/users\/u1$/));
  });

  it('treats the own id as the own profile and shows the own reviews empty state', async () => {
    stubApi({ 'GET /api/users/u1/reviews': [] });
    renderProfile('u1', 'reviews');
    expect(await screen.findByText('No Reviews Yet')).toBeTruthy();
    expect(screen.getByText("You haven't reviewed any cigars yet.")).toBeTruthy();
  });

  it("shows another member's empty states with their name, and a disabled Collection tab", async () => {
    stubApi({ 'GET /api/users/u2/posts': empty });
    const { onTabChange } = renderProfile('u2');
    expect(await screen.findByText("Carlos hasn't shared any posts yet.")).toBeTruthy();
    const collection = screen.getByRole('tab', { name: 'Collection' });
    expect((collection as HTMLButtonElement).disabled).toBe(true);
    await userEvent.setup().click(collection);
    expect(onTabChange).not.toHaveBeenCalled();
    expect(screen.queryByText('Private Collection')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit profile' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change profile picture' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Report this member' })).toBeTruthy();
  });

  it("shows another member's reviews empty state with their name", async () => {
    stubApi({ 'GET /api/users/u2/reviews': [] });
    renderProfile('u2', 'reviews');
    expect(await screen.findByText("Carlos hasn't reviewed any cigars yet.")).toBeTruthy();
  });

  it('on the own profile, Collection shows the Private Collection card with View Humidor', async () => {
    stubApi({});
    renderProfile(undefined, 'collection');
    expect(await screen.findByText('Private Collection')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Humidor' }).getAttribute('href')).toBe('/humidor');
  });

  it('asks the route to change the tab', async () => {
    stubApi({ 'GET /api/users/u1/posts': empty });
    const { onTabChange } = renderProfile(undefined);
    await userEvent.setup().click(await screen.findByRole('tab', { name: 'Reviews' }));
    expect(onTabChange).toHaveBeenCalledWith('reviews');
  });

  it('a restricted profile shows name and picture only: no counters, no tabs, a private line', async () => {
    const fetch = stubApi({});
    renderProfile('u3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Private Pete' })).toBeTruthy();
    expect(screen.getByText('This profile is private.')).toBeTruthy();
    expect(counters()).toEqual([]);
    expect(screen.queryByText('Followers')).toBeNull();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByRole('img', { name: 'Private Pete' })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('lists posts as plain text with counts and loads more', async () => {
    const u = userEvent.setup();
    stubApi({
      'GET /api/users/u2/posts': (_init: RequestInit, url: URL) =>
        url.searchParams.get('cursor') === 'next1'
          ? json({ items: [post({ id: 'p2', content: 'older one' })], nextCursor: null })
          : json({ items: [post({ content: '<b>bold</b> smoke' })], nextCursor: 'next1' }),
    });
    renderProfile('u2');
    const first = await screen.findByText('<b>bold</b> smoke');
    expect(first.querySelector('b')).toBeNull();
    expect(screen.getByText('Just now')).toBeTruthy();
    expect(screen.getByText('2 likes')).toBeTruthy();
    expect(screen.getByText('1 comment')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('older one')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("shows another member's reviews with stars, scores, tags, photos and a Report button", async () => {
    stubApi({ 'GET /api/users/u2/reviews': [review({ overallScore: 70, photos: ['/uploads/u2/photo-one-0123456789abcdef'] })] });
    renderProfile('u2', 'reviews');
    const card = await screen.findByRole('article', { name: 'Review of Padrón 1964 Exclusivo' });
    const c = within(card);
    // The review's photos, as on the cigar's page.
    expect(within(c.getByRole('list', { name: /^Photos of Padrón 1964 Exclusivo/ })).getAllByRole('img')).toHaveLength(1);
    expect(c.getByText('Robusto')).toBeTruthy();
    expect(c.getByRole('img', { name: 'Rated 3.5 out of 5' })).toBeTruthy();
    expect(c.getAllByRole('term').map((t) => t.textContent)).toEqual(['Draw', 'Burn', 'Flavor', 'Overall']);
    expect(c.getByText('cocoa')).toBeTruthy();
    expect(c.getByText('Great draw')).toBeTruthy();
    expect(c.getByRole('button', { name: 'Report this review' })).toBeTruthy();
  });

  it('shows no Report button on the own reviews', async () => {
    stubApi({ 'GET /api/users/u1/reviews': [review({ userId: 'u1' })] });
    renderProfile(undefined, 'reviews');
    await screen.findByRole('article', { name: 'Review of Padrón 1964 Exclusivo' });
    expect(screen.queryByRole('button', { name: 'Report this review' })).toBeNull();
  });
});

describe('follow / unfollow', () => {
  it('follows, updates the follower count from the answer, toasts and reads the current user again', async () => {
    const u = userEvent.setup();
    let release: () => void = () => {};
    const fetch = stubApi({
      'GET /api/users/u2/posts': empty,
      'POST /api/follow/u2': () => new Promise<Response>((r) => { release = () => r(json({ isFollowing: true, followersCount: 11 })); }),
      'GET /api/auth/user': { ...me, followingCount: 4 },
    });
    const { client } = renderProfile('u2');
    const button = await screen.findByRole('button', { name: 'Follow' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    await u.click(button);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    release();
    const unfollow = await screen.findByRole('button', { name: 'Unfollow' });
    expect(unfollow.getAttribute('aria-pressed')).toBe('true');
    expect((await screen.findByTestId('toast')).textContent).toContain('Followed successfully');
    expect(screen.getByText('11')).toBeTruthy();
    expect(client.getQueryData<typeof other>(profileKeys.user('u2'))).toMatchObject({ isFollowing: true, followersCount: 11 });
    await waitFor(() => expect(client.getQueryData(currentUserQuery.queryKey)).toMatchObject({ followingCount: 4 }));
    expect(fetch.mock.calls.some(([url, init]) => String(url).endsWith('/api/follow/u2') && init?.method === 'POST')).toBe(true);
  });

  it('unfollows with its toast', async () => {
    const u = userEvent.setup();
    stubApi({
      'GET /api/users/u2/posts': empty,
      'DELETE /api/follow/u2': { isFollowing: false, followersCount: 9 },
      'GET /api/users/u2': { ...other, followersCount: 9 },
      'GET /api/auth/user': me,
    });
    renderWithApp(() => <ProfilePage id="u2" />, { profiles: [{ ...other, isFollowing: true, canFollow: false }] });
    await u.click(await screen.findByRole('button', { name: 'Unfollow' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Unfollowed successfully');
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeTruthy();
  });

  it('a failure shows the failure toast and keeps the state', async () => {
    const u = userEvent.setup();
    stubApi({
      'GET /api/users/u2/posts': empty,
      'POST /api/follow/u2': () => json({ message: 'This member does not accept followers', code: 'FOLLOWS_CLOSED' }, 403),
    });
    renderProfile('u2');
    await u.click(await screen.findByRole('button', { name: 'Follow' }));
    const t = await screen.findByTestId('toast');
    expect(t.textContent).toContain('Failed to update follow status');
    expect(t.textContent).toContain('This member does not accept followers');
    expect(screen.getByRole('button', { name: 'Follow' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('shows no follow button when the member cannot be followed', async () => {
    stubApi({ 'GET /api/users/u2/posts': empty });
    renderWithApp(() => <ProfilePage id="u2" />, { profiles: [{ ...other, canFollow: false }] });
    await screen.findByText("Carlos hasn't shared any posts yet.");
    expect(screen.queryByRole('button', { name: /^(Follow|Unfollow)$/ })).toBeNull();
  });

  it('offers Message only when the member may be messaged, linking to the thread', async () => {
    stubApi({ 'GET /api/users/u2/posts': empty, 'GET /api/users/u4/posts': empty });
    const closed = { ...other, id: 'u4', displayName: 'Closed Carl', canMessage: false };
    renderWithApp(() => <><ProfilePage id="u2" tab="posts" /><ProfilePage id="u4" tab="posts" /></>, { profiles: [other, closed] });
    const links = await screen.findAllByRole('link', { name: 'Message' });
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe('/messages/u2');
  });

  it('blocks after a confirmation and reads the profile again; a blocked member shows Unblock and neither Follow nor Message', async () => {
    const fetch = stubApi({
      'GET /api/users/u2/posts': empty,
      'POST /api/members/u2/block': { blocked: true },
      'GET /api/users/u2': { ...other, restricted: true, blockedByMe: true, canMessage: false, canFollow: false },
    });
    const user = userEvent.setup();
    renderProfile('u2');
    await user.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Block Carlos?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByRole('button', { name: 'Unblock' })).toBeTruthy();
    expect(fetch.mock.calls.map(([u, i]) => `${i?.method ?? 'GET'} ${new URL(String(u), 'http://localhost').pathname}`)).toContain('POST /api/members/u2/block');
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Message' })).toBeNull();
  });
});
