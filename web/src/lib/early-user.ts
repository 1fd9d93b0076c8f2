import { CURRENT_USER_PATH } from '@torcedor/shared/constants';
import { config } from '@/config';
import { hasSignedInHint } from './current-user';

/**
 * The signed-in member's read, sent as the page starts (main.tsx) when the signed-in hint is there, so it travels
 * while the API client and the page's code load instead of after them (docs/decisions.md, "First screen").
 * fetch-current-user.ts takes its answer once and reads it as the API client reads any other.
 */
let early: Promise<Response> | null = null;

export function startEarlyUserRead(): void {
  if (hasSignedInHint()) early = fetch(`${config.VITE_API_ORIGIN}${CURRENT_USER_PATH}`, { credentials: 'include' });
}

/** The early read's answer, once (null when none was sent or it was taken already). */
export function takeEarlyUserRead(): Promise<Response> | null {
  const e = early;
  early = null;
  return e;
}
