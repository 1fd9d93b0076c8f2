import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Message } from '@torcedor/shared/schemas/messages';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messageKeys } from '@/lib/message-cache';
import { callsOf, fakeApi, json, type Handler } from '@/testing/fake-api';
import { ThreadView } from './thread-view';

const msg = (id: string, minute: number, fromId: string, text: string | null = `text ${id}`): Message => ({
  id, fromId, toId: fromId === 'me' ? 'u2' : 'me', text, removed: text === null, createdAt: new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString(),
});
const member = { id: 'u2', displayName: 'Carlos', profileImageUrl: null, premium: true, deleted: false };

function setup(handlers: Record<string, Handler>, thread = { member, items: [msg('m3', 3, 'u2'), msg('m2', 2, 'me', null), msg('m1', 1, 'u2')], nextCursor: null, canReply: true }) {
  const fetch = fakeApi({
    'GET /api/messages/u2': () => json(thread),
    'POST /api/messages/u2/read': () => json({ unreadCount: 0 }),
    ...handlers,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  client.setQueryData(messageKeys.unread, { count: 2 });
  const rootRoute = createRootRoute({ component: () => <Suspense fallback="Loading"><ThreadView memberId="u2" me="me" /></Suspense> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/messages/u2'] }) });
  render(<QueryClientProvider client={client}><RouterProvider router={router} /></QueryClientProvider>);
  return { fetch, client };
}

afterEach(() => vi.unstubAllGlobals());

const box = () => screen.getByRole('textbox', { name: 'Message' });

describe('a thread', () => {
  it('shows the oldest message at the top, a removed one as removed, and marks the thread read on opening', async () => {
    const { fetch, client } = setup({});
    const list = await screen.findByRole('list', { name: 'Messages with Carlos' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')!.textContent)).toEqual(['text m1', 'Message removed', 'text m3']);
    // Only the other member's messages can be reported, only the author's removed.
    expect(within(items[0]!).getByRole('button', { name: 'Report this message' })).toBeTruthy();
    expect(within(items[1]!).queryByRole('button', { name: 'Remove this message' })).toBeNull();
    await waitFor(() => expect(callsOf(fetch).map((c) => c.call)).toContain('POST /api/messages/u2/read'));
    await waitFor(() => expect(client.getQueryData(messageKeys.unread)).toEqual({ count: 0 }));
  });

  it('sends on Enter (Shift+Enter is a new line) with an Idempotency-Key, and shows the message at once, once', async () => {
    const sent = msg('m4', 4, 'me', 'Hello\nthere');
    const { fetch } = setup({ 'POST /api/messages': () => json(sent, 201) });
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Messages with Carlos' });
    await user.type(box(), '  Hello{Shift>}{Enter}{/Shift}there  ');
    expect(callsOf(fetch).some((c) => c.call === 'POST /api/messages')).toBe(false);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(box()).toHaveProperty('value', ''));
    const post = fetch.mock.calls.find(([url, init]) => init?.method === 'POST' && new URL(String(url), 'http://localhost').pathname === '/api/messages')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ to: 'u2', text: 'Hello\nthere' });
    expect((post[1]!.headers as Record<string, string>)['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    const items = within(screen.getByRole('list', { name: 'Messages with Carlos' })).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items.at(-1)!.querySelector('p')!.textContent).toBe('Hello\nthere');
  });

  it('refuses an empty message with the shared rule, sending nothing', async () => {
    const { fetch } = setup({});
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Messages with Carlos' });
    await user.type(box(), '   {Enter}');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Please write a message');
    expect(callsOf(fetch).some((c) => c.call === 'POST /api/messages')).toBe(false);
  });

  it('says what the server said when the member is not accepting messages', async () => {
    setup({ 'POST /api/messages': () => json({ code: 'MESSAGES_CLOSED', message: 'This member is not accepting messages.' }, 403) });
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Messages with Carlos' });
    await user.type(box(), 'Hi{Enter}');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'This member is not accepting messages.');
  });

  it('past a limit, says when the member may send again (Retry-After)', async () => {
    setup({
      'POST /api/messages': () => new Response(JSON.stringify({ code: 'MESSAGE_LIMIT', message: 'You have sent too many messages.' }), { status: 429, headers: { 'retry-after': '120' } }),
    });
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Messages with Carlos' });
    await user.type(box(), 'Hi{Enter}');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'You have sent too many messages. You can send again in 2 minutes.');
  });

  it('opens a conversation not started yet empty, ready for the first message', async () => {
    const sent = msg('m1', 1, 'me', 'Hello');
    const { fetch } = setup({
      'GET /api/messages/u2': () => json({ member, items: [], nextCursor: null, canReply: true }),
      'POST /api/messages': () => json(sent, 201),
    });
    const user = userEvent.setup();
    expect(await screen.findByText('No messages yet')).toBeTruthy();
    expect(screen.getByText('Say hello to Carlos.')).toBeTruthy();
    await user.type(box(), 'Hello{Enter}');
    const list = await screen.findByRole('list', { name: 'Messages with Carlos' });
    expect(within(list).getAllByRole('listitem').map((li) => li.querySelector('p')!.textContent)).toEqual(['Hello']);
    // Nothing received: nothing to mark read.
    expect(callsOf(fetch).map((c) => c.call)).not.toContain('POST /api/messages/u2/read');
  });

  it('turns the composer off, saying why, when the member may not reply', async () => {
    setup({}, { member, items: [], nextCursor: null, canReply: false });
    expect(await screen.findByText('This member is not accepting messages.')).toBeTruthy();
    expect(box()).toHaveProperty('disabled', true);
    expect(screen.getByText('No messages yet')).toBeTruthy();
  });
});
