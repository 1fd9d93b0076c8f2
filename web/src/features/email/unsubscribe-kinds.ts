import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { UNSUBSCRIBE_KINDS, type UnsubscribeKind } from '@torcedor/shared/constants';

/**
 * What each kind of unsubscribe link turns off, in plain words (UNSUBSCRIBE_KINDS names the member setting it clears),
 * written to sit inside a sentence: 'You're unsubscribed from marketing emails from Torcedor.' Shown with `i18n._(...)`.
 */
export const KIND_TEXT = {
  notifications: msg({ message: 'notification emails from Torcedor', comment: 'Read after "You\'re unsubscribed from"' }),
  follows: msg({ message: 'emails when someone follows you', comment: 'Read after "You\'re unsubscribed from"' }),
  activity: msg({ message: 'emails about likes and comments on your posts', comment: 'Read after "You\'re unsubscribed from"' }),
  events: msg({ message: 'emails about events', comment: 'Read after "You\'re unsubscribed from"' }),
  messages: msg({ message: 'emails about unread direct messages', comment: 'Read after "You\'re unsubscribed from"' }),
  marketing: msg({ message: 'marketing emails from Torcedor', comment: 'Read after "You\'re unsubscribed from"' }),
} as const satisfies Record<UnsubscribeKind, MessageDescriptor>;

/** The kind's text as a label of its own ('Marketing emails from Torcedor'). Shown with `i18n._(...)`. */
export const KIND_LABEL = {
  notifications: msg`Notification emails from Torcedor`,
  follows: msg`Emails when someone follows you`,
  activity: msg`Emails about likes and comments on your posts`,
  events: msg`Emails about events`,
  messages: msg`Emails about unread direct messages`,
  marketing: msg`Marketing emails from Torcedor`,
} as const satisfies Record<UnsubscribeKind, MessageDescriptor>;

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
