import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationsQuery } from '@/lib/api/get-notifications';
import { currentUserQuery } from '@/lib/current-user';
import { NotificationsBell, unreadBadge } from './member-header';

const now = Date.now();
const ago = (ms: number) => new Date(now - ms).toISOString();
const note = (id: string, type: 'follow' | 'like' | 'comment' | 'rsvp', read: boolean, excerpt: string | null = null) => ({
  id, type, actorId: `actor-${id}`, actorName: `Actor ${id}`, actorImageUrl: null, actorPremium: false, targetId: null, excerpt, read, createdAt: ago(2 * 3_600_000),
});
const list = (unreadCount: number) => ({
  items: [note('1', 'follow', false), note('2', 'like', false), note('3', 'comment', true, 'Nice smoke'), note('4', 'rsvp', true, 'Cuban Night')],
  unreadCount,
});

type Call = { url: string; method: string; body: unknown };

function setup(data: ReturnType<typeof list>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(init.body as string) : undefined });
    if (url === '/api/notifications/read') return new Response(JSON.stringify({ unreadCount: 0 }));
    return new Response(JSON.stringify(data));
  }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  client.setQueryData(currentUserQuery.queryKey, { id: 'me', isOwner: false } as never);
  client.setQueryData(notificationsQuery.queryKey, data);
  const rootRoute = createRootRoute({ component: NotificationsBell });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(<QueryClientProvider client={client}><RouterProvider router={router} /></QueryClientProvider>);
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('the notifications bell', () => {
  it('shows the real unread count on its badge, and none at 0', async () => {
    setup(list(3));
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(within(bell).getByTestId('unread-badge').textContent).toBe('3');
    expect(unreadBadge(9)).toBe('9');
    expect(unreadBadge(10)).toBe('9+');
  });

  it('has no badge when all is read', async () => {
    setup({ ...list(0), items: list(0).items.map((n) => ({ ...n, read: true })) });
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    expect(within(bell).queryByTestId('unread-badge')).toBeNull();
  });

  it('lists the notifications in words, links a follow to the profile, and marks all read with no ids', async () => {
    const calls = setup(list(12));
    const user = userEvent.setup();
    const bell = await screen.findByRole('button', { name: 'Notifications, 12 unread' });
    expect(within(bell).getByTestId('unread-badge').textContent).toBe('9+');
    await user.click(bell);
    const panel = await screen.findByRole('dialog');
    expect(panel.textContent).toContain('Actor 1 started following you');
    expect(panel.textContent).toContain('Actor 2 liked your post');
    expect(panel.textContent).toContain('Actor 3 commented: \u201cNice smoke\u201d');
    expect(panel.textContent).toContain('Actor 4 RSVPed to Cuban Night');
    expect(panel.textContent).toContain('2h ago');
    expect(within(panel).getByRole('link', { name: /Actor 1 started following you/ }).getAttribute('href')).toBe('/profile/actor-1');
    // Opening refreshes the list.
    await waitFor(() => expect(calls.some((c) => c.url === '/api/notifications' && c.method === 'GET')).toBe(true));

    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/notifications/read')).toContainEqual({ url: '/api/notifications/read', method: 'POST', body: {} }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy());
  });

  it('marks the unread ones it shows read a short moment after opening', async () => {
    const calls = setup(list(2));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/notifications/read')).toContainEqual({ url: '/api/notifications/read', method: 'POST', body: { ids: ['1', '2'] } }), { timeout: 3000 });
  });
});
