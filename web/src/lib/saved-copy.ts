import { useSyncExternalStore } from 'react';
import { savedAtOf } from './offline-cache';

/**
 * Which reads the page shows from a saved copy (the service worker answered from its cache because the network did
 * not: docs/installable.md), by API path, and since when. The API client notes every GET answer here; a later answer
 * from the network clears the path.
 */
const saved = new Map<string, Date>();
const listeners = new Set<() => void>();
let version = 0;

function change() {
  version++;
  listeners.forEach((l) => l());
}

/** Notes a GET answer of `path`: a saved copy marks it, an answer from the network clears it. */
export function noteAnswer(path: string, response: Pick<Response, 'headers' | 'ok'>): void {
  const at = savedAtOf(response);
  if (at) {
    if (saved.get(path)?.getTime() === at.getTime()) return;
    saved.set(path, at);
    change();
  } else if (response.ok && saved.delete(path)) {
    change();
  }
}

/** The oldest saved copy among `paths` (what the page shows is at least that old), or null when all came from the network. */
export function savedCopyAt(paths: readonly string[]): Date | null {
  let oldest: Date | null = null;
  for (const p of paths) {
    const at = saved.get(p);
    if (at && (!oldest || at < oldest)) oldest = at;
  }
  return oldest;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

/** savedCopyAt, re-rendering when an answer changes it. */
export function useSavedCopyAt(paths: readonly string[]): Date | null {
  useSyncExternalStore(subscribe, () => version, () => 0);
  return savedCopyAt(paths);
}

/** Forgets every saved copy (tests). */
export function resetSavedCopies(): void {
  saved.clear();
  change();
}
