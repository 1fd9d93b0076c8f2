import { LIVE_FALLBACK_POLL_MS } from '@torcedor/shared/live';
import { useSyncExternalStore } from 'react';

/**
 * Whether this tab's live socket is open (docs/architecture.md, "Live delivery"). The socket (features/live) sets it;
 * the queries it would otherwise push to (the bell, the unread messages) read it to poll only while it is down.
 */
let connected = false;
const listeners = new Set<() => void>();

export function setLiveConnected(value: boolean): void {
  if (connected === value) return;
  connected = value;
  listeners.forEach((l) => l());
}

export const isLiveConnected = (): boolean => connected;

/** True while the live socket is open. */
export function useLiveStatus(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => connected,
    () => false,
  );
}

/** A query's `refetchInterval` for what the socket pushes: none while it is open, LIVE_FALLBACK_POLL_MS while it is down. */
export const fallbackPoll = (live: boolean): number | false => (live ? false : LIVE_FALLBACK_POLL_MS);
