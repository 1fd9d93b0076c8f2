import { LIVE_PATH, LIVE_PING_MS, LivePush } from '@torcedor/shared/live';

/** The first wait before opening a closed socket again, and the longest (docs/architecture.md, "Live delivery"). */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/**
 * The wait before the `attempt`-th reconnection (0 first): doubling from RECONNECT_BASE_MS up to RECONNECT_MAX_MS,
 * then a random half of it taken off, so the tabs of a restarted server do not all come back at the same moment.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.min(attempt, 20));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** The socket's address on this page's origin: wss on https, ws on http. */
export function liveUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${LIVE_PATH}`;
}

/** A frame's push, or null when it is not one (a pong, or anything that does not parse). */
export function parsePush(data: unknown): LivePush | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = LivePush.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface LiveSocketOptions {
  url: string;
  onPush: (push: LivePush) => void;
  /** Called with true when the socket opens, false when it closes; `reopened` is true after the first opening. */
  onStatus: (connected: boolean, reopened: boolean) => void;
  createSocket?: (url: string) => WebSocket;
  random?: () => number;
}

/**
 * One live socket for this tab: opened now, opened again after each close with a capped, jittered backoff (the wait
 * starts over once a socket opens), a ping every LIVE_PING_MS so an idle socket is not ended. `close()` ends it for good.
 */
export function openLiveSocket({ url, onPush, onStatus, createSocket = (u) => new WebSocket(u), random }: LiveSocketOptions): { close: () => void } {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let opened = false;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;

  const connect = () => {
    retry = undefined;
    if (closed) return;
    const ws = createSocket(url);
    socket = ws;
    ws.onopen = () => {
      if (socket !== ws) return;
      attempt = 0;
      const reopened = opened;
      opened = true;
      clearInterval(ping);
      ping = setInterval(() => {
        if (ws.readyState === 1) ws.send(JSON.stringify({ type: 'ping' }));
      }, LIVE_PING_MS);
      onStatus(true, reopened);
    };
    ws.onmessage = (e: MessageEvent) => {
      if (socket !== ws) return;
      const push = parsePush(e.data);
      if (push) onPush(push);
    };
    // An error is followed by a close: the close decides what comes next.
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      clearInterval(ping);
      onStatus(false, opened);
      if (closed) return;
      retry = setTimeout(connect, reconnectDelay(attempt++, random));
    };
  };

  // Back online: try at once instead of waiting out the backoff.
  const online = () => {
    if (socket || closed) return;
    clearTimeout(retry);
    connect();
  };
  globalThis.addEventListener?.('online', online);
  connect();

  return {
    close: () => {
      closed = true;
      clearTimeout(retry);
      clearInterval(ping);
      globalThis.removeEventListener?.('online', online);
      const ws = socket;
      socket = null;
      if (ws) {
        ws.onopen = ws.onmessage = ws.onclose = null;
        ws.close();
        onStatus(false, opened);
      }
    },
  };
}
