import { TOAST_DURATION_MS } from '@torcedor/shared/constants';
import { useSyncExternalStore } from 'react';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'success' | 'error';
  /** A link in the notification (a path of this app, opened in place). */
  link?: { label: string; href: string };
  /** The form the notification speaks about, which it must not cover (toast-placement.ts): see `formInUse`. */
  about?: Element;
}

/** How long after a form is sent a toast still counts as its answer (a slow payment, an upload). */
const ANSWER_WINDOW_MS = 120_000;
let lastSent: { form: Element; at: number } | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener('submit', (e) => {
    if (e.target instanceof Element) lastSent = { form: e.target, at: Date.now() };
  }, true);
}

/**
 * The form a toast shown now speaks about: the one holding the focus, else the one sent last (within two minutes and
 * still on the page), else none.
 */
export function formInUse(): Element | undefined {
  const focused = typeof document === 'undefined' ? null : document.activeElement?.closest('form');
  if (focused) return focused;
  if (lastSent && lastSent.form.isConnected && Date.now() - lastSent.at < ANSWER_WINDOW_MS) return lastSent.form;
  return undefined;
}

let current: Toast | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/**
 * Shows a notification; only one is visible at a time (a new one replaces it), for about 5 s, where it does not cover
 * the form it speaks about (`about`, by default the form in use).
 */
export function toast(t: Omit<Toast, 'id' | 'variant'> & { variant?: Toast['variant'] }): void {
  if (pinned) return;
  current = { variant: 'default', about: formInUse(), ...t, id: nextId++ };
  clearTimeout(timer);
  timer = setTimeout(dismissToast, TOAST_DURATION_MS);
  emit();
}

let pinned = false;

/**
 * Shows a notification that later ones do not replace until it is dismissed: the logged-out notice,
 * which the failing call's own error toast must not hide before the page goes to the login.
 */
export function pinToast(t: Omit<Toast, 'id' | 'variant'> & { variant?: Toast['variant'] }): void {
  pinned = false;
  toast(t);
  pinned = true;
}

export function dismissToast(): void {
  pinned = false;
  clearTimeout(timer);
  current = null;
  emit();
}

export function useToast(): Toast | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => null,
  );
}
