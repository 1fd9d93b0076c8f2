import { CURRENT_USER_PATH } from '@torcedor/shared/constants';
import { config } from '@/config';
import { hasSignedInHint } from './session-hints';

/**
 * The signed-in member's read, sent as the page starts (main.tsx) when the signed-in hint is there, so it travels
 * while the API client and the page's code load instead of after them (docs/decisions.md, "First screen").
 * fetch-current-user.ts takes its answer once and reads it as the API client reads any other.
 */
let early: { sent: Promise<Response>; at: number } | null = null;
/** An answer older than this is not taken (the member may have changed something since): the read is made again. */
const FRESH_MS = 10_000;

export function startEarlyUserRead(now = Date.now()): void {
  if (hasSignedInHint()) early = { sent: fetch(`${config.VITE_API_ORIGIN}${CURRENT_USER_PATH}`, { credentials: 'include' }), at: now };
}

/** The early read's answer, once, while fresh (null when none was sent, it was taken already or it is too old). */
export function takeEarlyUserRead(now = Date.now()): Promise<Response> | null {
  const e = early;
  early = null;
  return e && now - e.at <= FRESH_MS ? e.sent : null;
}
