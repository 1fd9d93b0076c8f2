import { UNSUBSCRIBE_KINDS, type UnsubscribeKind } from '@torcedor/shared/constants';

/**
 * What each kind of unsubscribe link turns off, in plain words (UNSUBSCRIBE_KINDS names the member setting it clears),
 * written to sit inside a sentence: 'You're unsubscribed from marketing emails from Torcedor.'
 */
export const KIND_TEXT = {
  notifications: 'notification emails from Torcedor',
  follows: 'emails when someone follows you',
  activity: 'emails about likes and comments on your posts',
  events: 'emails about events',
  messages: 'emails about unread direct messages',
  marketing: 'marketing emails from Torcedor',
} as const satisfies Record<UnsubscribeKind, string>;

/** The kind's text as a label of its own ('Marketing emails from Torcedor'). */
export const kindLabel = (kind: UnsubscribeKind) => KIND_TEXT[kind].charAt(0).toUpperCase() + KIND_TEXT[kind].slice(1);

const isKind = (k: unknown): k is UnsubscribeKind => typeof k === 'string' && Object.hasOwn(UNSUBSCRIBE_KINDS, k);

/**
 * The kind a link's token names, to tell the member what the button turns off before they click: the token is
 * `<payload>.<signature>`, the payload base64url JSON `{ u, k }` (services/kit/src/mail-links.ts). Only the server checks
 * the signature; a token whose payload does not read as a known kind is not a link the server would take (undefined).
 */
export function linkKind(token: string): UnsubscribeKind | undefined {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const { k } = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))) as { k?: unknown };
    return isKind(k) ? k : undefined;
  } catch {
    return undefined;
  }
}
