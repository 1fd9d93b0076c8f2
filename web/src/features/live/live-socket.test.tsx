import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { LIVE_FALLBACK_POLL_MS, LIVE_PING_MS, type LivePush } from '@torcedor/shared/live';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUnreadMessages } from '@/lib/api/get-unread-messages';
import { isLiveConnected, setLiveConnected } from '@/lib/live-status';
import { liveUrl, openLiveSocket, parsePush, reconnectDelay, RECONNECT_BASE_MS, RECONNECT_MAX_MS } from './live-socket';
import { toastsFor } from './use-live-socket';

/** A WebSocket the test opens, feeds and closes by hand. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) { this.sent.push(data); }
  close() { this.readyState = 3; }
  open() { this.readyState = 1; this.onopen?.(); }
  drop() { this.readyState = 3; this.onclose?.(); }
  push(data: unknown) { this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) }); }
}
const latest = () => FakeSocket.all.at(-1)!;

function start(random = () => 1) {
  const pushes: LivePush[] = [];
  const status: [boolean, boolean][] = [];
  const socket = openLiveSocket({
    url: 'ws://localhost/api/live',
    onPush: (p) => pushes.push(p),
    onStatus: (c, r) => status.push([c, r]),
    createSocket: (u) => new FakeSocket(u) as unknown as WebSocket,
    random,
  });
  return { socket, pushes, status };
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setLiveConnected(false);
});

describe('the live socket', () => {
  it('opens on the page\u2019s own origin, wss under https', () => {
    expect(liveUrl({ protocol: 'https:', host: 'torcedor.club' })).toBe('wss://torcedor.club/api/live');
    expect(liveUrl({ protocol: 'http:', host: 'localhost:3100' })).toBe('ws://localhost:3100/api/live');
  });

  it('hands on each push that parses, and ignores pongs and anything else', () => {
    const { pushes } = start();
    latest().open();
    latest().push({ type: 'pong' });
    latest().push('not json');
    latest().push({ type: 'notifications', unreadCount: -1 });
    latest().push({ type: 'notifications', unreadCount: 2 });
    expect(pushes).toEqual([{ type: 'notifications', unreadCount: 2 }]);
    expect(parsePush(new ArrayBuffer(2))).toBeNull();
  });

  it('opens again after a close, waiting longer each time up to the cap, and starts over once open', () => {
    const { status } = start();
    expect(FakeSocket.all).toHaveLength(1);
    latest().open();
    expect(status).toEqual([[true, false]]);
    latest().drop();
    expect(status.at(-1)).toEqual([false, true]);
    // random() = 1: the whole wait; the first is the base.
    vi.advanceTimersByTime(RECONNECT_BASE_MS - 1);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    latest().drop();
    vi.advanceTimersByTime(2 * RECONNECT_BASE_MS - 1);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
    latest().open();
    expect(status.at(-1)).toEqual([true, true]);
    latest().drop();
    vi.advanceTimersByTime(RECONNECT_BASE_MS);
    expect(FakeSocket.all).toHaveLength(4);
  });

  it('keeps the wait within the cap, with a random part so tabs do not all return at once', () => {
    expect(reconnectDelay(0, () => 0)).toBe(RECONNECT_BASE_MS / 2);
    expect(reconnectDelay(3, () => 1)).toBe(8 * RECONNECT_BASE_MS);
    expect(reconnectDelay(50, () => 1)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(50, () => 0)).toBe(RECONNECT_MAX_MS / 2);
  });

  it('pings while open, and stops for good when closed', () => {
    const { socket, status } = start();
    latest().open();
    vi.advanceTimersByTime(LIVE_PING_MS);
    expect(latest().sent).toEqual([JSON.stringify({ type: 'ping' })]);
    socket.close();
    expect(status.at(-1)).toEqual([false, true]);
    vi.advanceTimersByTime(10 * RECONNECT_MAX_MS);
    expect(FakeSocket.all).toHaveLength(1);
    expect(latest().sent).toHaveLength(1);
  });
});

describe('polling while the socket is down', () => {
  function renderUnread() {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ count: 2 }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const hook = renderHook(() => useUnreadMessages(true), { wrapper });
    return { fetch, hook };
  }
  const reads = (fetch: ReturnType<typeof vi.fn>) => fetch.mock.calls.filter(([url]) => String(url).endsWith('/api/messages/unread')).length;

  it('polls the unread count every LIVE_FALLBACK_POLL_MS while down, and not at all while the socket is open', async () => {
    const { fetch, hook } = renderUnread();
    await vi.waitFor(() => expect(hook.result.current.data).toEqual({ count: 2 }));
    expect(reads(fetch)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(LIVE_FALLBACK_POLL_MS));
    expect(reads(fetch)).toBe(2);

    act(() => setLiveConnected(true));
    expect(isLiveConnected()).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(3 * LIVE_FALLBACK_POLL_MS));
    expect(reads(fetch)).toBe(2);

    act(() => setLiveConnected(false));
    await act(() => vi.advanceTimersByTimeAsync(LIVE_FALLBACK_POLL_MS));
    expect(reads(fetch)).toBe(3);
  });
});

describe('the new-message toast', () => {
  const message = (fromId: string, removed = false) => ({ id: 'm1', fromId, toId: 'me', text: removed ? null : 'Hi', removed, createdAt: '2026-01-01T12:00:00.000Z' });
  it('is shown for a received message outside its thread only', () => {
    expect(toastsFor({ type: 'message', memberId: 'u2', message: message('u2') }, '/events')).toBe(true);
    expect(toastsFor({ type: 'message', memberId: 'u2', message: message('u2') }, '/messages')).toBe(true);
    expect(toastsFor({ type: 'message', memberId: 'u2', message: message('u2') }, '/messages/u3')).toBe(true);
    expect(toastsFor({ type: 'message', memberId: 'u2', message: message('u2') }, '/messages/u2')).toBe(false);
    // The member's own message, sent from another tab.
    expect(toastsFor({ type: 'message', memberId: 'u2', message: { ...message('me'), toId: 'u2' } }, '/events')).toBe(false);
    expect(toastsFor({ type: 'notifications', unreadCount: 1 }, '/events')).toBe(false);
  });
});
