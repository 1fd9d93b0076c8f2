import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { INVALID_UNSUBSCRIBE_MESSAGE, SIGNED_IN_HINT_COOKIE, type UnsubscribeKind } from '@torcedor/shared/constants';
import { DEFAULT_SETTINGS, type User } from '@torcedor/shared/schemas/identity';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { createAppRouter } from '@/router';
import { callsOf, fakeApi, json, type Handler } from '@/testing/fake-api';
import { linkKind } from '../unsubscribe-kinds';

const member: User = {
  id: 'u1', email: 'ana@example.com', firstName: 'Ana', lastName: 'Reyes', displayName: null, profileImageUrl: null, bio: null, location: null,
  isOwner: false, isSubscribed: false, isTrial: false, trialEndsAt: null, emailVerified: true, pendingEmail: null,
  followingCount: 0, followersCount: 0, reviewsCount: 0, humidorCount: 0, wishlistCount: 0,
  ...DEFAULT_SETTINGS, tastes: { strengths: [], wrappers: [], countries: [] }, onboardedAt: null, createdAt: '2026-01-01T00:00:00.000Z',
};

/** A token shaped as services/kit/src/mail-links.ts makes them (the signature is only checked by the server). */
const tokenFor = (kind: string, userId = 'u1') =>
  `${btoa(JSON.stringify({ u: userId, k: kind })).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.c2lnbmF0dXJlLW9mLXRoZS1saW5r`;

const signedOut = () => { document.cookie = `${SIGNED_IN_HINT_COOKIE}=; path=/; max-age=0`; };

/** The whole app at `path`; the API answers the member's read (when signed in) and the unsubscribe POST with `answer`. */
function boot(path: string, answer: Handler = ({ body }) => json({ ok: true, kind: linkKind((body as { token: string }).token) })) {
  const fetch = fakeApi({ 'GET /api/auth/user': () => json(member), 'POST /api/unsubscribe': answer });
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [path] }) });
  render(<QueryClientProvider client={queryClient}><RouterProvider router={router} /></QueryClientProvider>);
  const posts = () => callsOf(fetch).filter((c) => c.call === 'POST /api/unsubscribe');
  return { fetch, posts, user: userEvent.setup() };
}

afterEach(() => vi.unstubAllGlobals());

describe('/unsubscribe', () => {
  it.each<[UnsubscribeKind, string]>([
    ['notifications', 'Notification emails from Torcedor'],
    ['follows', 'Emails when someone follows you'],
    ['activity', 'Emails about likes and comments on your posts'],
    ['events', 'Emails about events'],
    ['marketing', 'Marketing emails from Torcedor'],
  ])('says what a %s link turns off, and sends nothing on load', async (kind, label) => {
    signedOut();
    const { fetch } = boot(`/unsubscribe?token=${tokenFor(kind)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Unsubscribe from emails' })).toBeTruthy();
    expect(screen.getByText(label)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull(); // no age gate: a public page
    expect(fetch).not.toHaveBeenCalled();
  });

  it('unsubscribes on the click only, then says so with a way home for a visitor who is not signed in', async () => {
    signedOut();
    const token = tokenFor('marketing');
    const { posts, user } = boot(`/unsubscribe?token=${token}`);
    const button = await screen.findByRole('button', { name: 'Unsubscribe' });
    expect(posts()).toEqual([]);
    await user.click(button);
    const done = await screen.findByText("You're unsubscribed from marketing emails from Torcedor. You can turn it back on in Settings.");
    expect(done.getAttribute('role')).toBe('status');
    expect(posts()).toEqual([{ call: 'POST /api/unsubscribe', body: { token } }]);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Unsubscribed' }));
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('shows a signed-in member the way to Settings, with the kind the server answered', async () => {
    const { posts, user } = boot(`/unsubscribe?token=${tokenFor('follows')}`);
    const button = await screen.findByRole('button', { name: 'Unsubscribe' });
    expect(posts()).toEqual([]);
    await user.click(button);
    expect(await screen.findByText("You're unsubscribed from emails when someone follows you. You can turn it back on in Settings.")).toBeTruthy();
    expect(posts()).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Go to Settings' }).getAttribute('href')).toBe('/settings'));
  });

  it('shows the invalid-link message when the server refuses the token (400)', async () => {
    signedOut();
    const { posts, user } = boot(`/unsubscribe?token=${tokenFor('events')}`, () => json({ message: INVALID_UNSUBSCRIBE_MESSAGE, code: 'VALIDATION' }, 400));
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    const message = await screen.findByText(INVALID_UNSUBSCRIBE_MESSAGE);
    expect(message.getAttribute('role')).toBe('alert');
    expect(posts()).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toBeTruthy();
  });

  it('keeps the button after a failure that is not the link\u2019s, so the member can try again', async () => {
    signedOut();
    const { posts, user } = boot(`/unsubscribe?token=${tokenFor('activity')}`, () => json({ message: 'Service temporarily unavailable', code: 'UNAVAILABLE' }, 503));
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole('alert')).textContent).not.toBe(INVALID_UNSUBSCRIBE_MESSAGE);
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toHaveProperty('disabled', false);
    expect(posts()).toHaveLength(1);
  });

  it.each([
    ['no token', '/unsubscribe'],
    ['an empty token', '/unsubscribe?token='],
    ['a token the schema refuses', '/unsubscribe?token=abc%3Cscript%3E'],
    ['a token whose payload names no kind', `/unsubscribe?token=${tokenFor('everything')}`],
    ['a number', '/unsubscribe?token=123456789012'],
  ])('shows the invalid-link message for %s, without a request', async (_, path) => {
    signedOut();
    const { fetch } = boot(path);
    expect(await screen.findByText(INVALID_UNSUBSCRIBE_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
    expect(fetch).not.toHaveBeenCalled();
  });
});
