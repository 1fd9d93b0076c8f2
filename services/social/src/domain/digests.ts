import type { MailContent } from '@torcedor/service-kit/email';
import { loadMessages, type Translate } from '@torcedor/service-kit/messages';
import { DIGEST_INTERVAL_SECONDS, DIGEST_ITEMS_SHOWN, type LanguageCode, type UnsubscribeKind } from '@torcedor/shared/constants';
import type { ContentFilter } from '@torcedor/shared/schemas/identity';
import de from '../../content/de/emails.json' with { type: 'json' };
import en from '../../content/en/emails.json' with { type: 'json' };
import es from '../../content/es/emails.json' with { type: 'json' };
import fr from '../../content/fr/emails.json' with { type: 'json' };
import it from '../../content/it/emails.json' with { type: 'json' };
import type { Author } from './author.ts';
import { filterContent } from './content-filter.ts';
import { isRemoved, unreadOf, type ConversationItem } from './messages.ts';
import { allowedTypes, type EmailedType, type NotificationItem, type NotificationType, type notificationView } from './notifications.ts';

/**
 * Notification emails (docs/product.md, "Email"; the service README, "Notification emails"): at most one email per
 * member per DIGEST_INTERVAL_SECONDS, a digest of their unread notifications and unread direct messages since the last
 * one, only to a verified, unsuppressed address, never for a kind the member turned off. Written in the recipient's
 * language (their copy's `language`, from identity's UserProfileChanged), the words from content/<language>/emails.json.
 * Pure: the handler (handlers/digests.ts) reads, sends and records.
 */

/** The digests' words in every language (checked when loaded: the kit's messages.ts). */
export const digestMessages = loadMessages('social email', { en, es, fr, de, it });
type T = Translate<Extract<keyof typeof en, string>>;

/**
 * A member waiting for a digest (`DIGESTDUE#<shard>` / `<userId>`), written with each of their notifications: `since`
 * the first one's time after the last digest (set only when absent), `pending` counts the notifications written, so
 * the digest deletes the marker only when none came meanwhile.
 */
export type DigestMarker = { userId: string; since: string; pending: number };

/**
 * social's copy of a member's address (identity's MemberEmailChanged, newest `version` wins), with the time of the
 * last digest sent to it.
 */
export type MailCopy = { userId: string; email: string | null; verified: boolean; suppressed?: boolean; version: number; lastDigestAt?: string };

export type DigestDecision =
  /** Not yet: the last digest was sent less than DIGEST_INTERVAL_SECONDS ago (the marker stays). */
  | { act: 'wait' }
  /** Never for these notifications: no verified address, email off, every kind off (the marker goes). */
  | { act: 'drop' }
  /**
   * Read the notifications of these kinds since the marker's `since` (and, with `messages`, the conversations with
   * unread direct messages since then), and send what is left.
   */
  | { act: 'send'; to: string; types: EmailedType[]; messages: boolean };

/**
 * What to do with a member's marker now. The settings are the ones the bell honours, read at send time: the master
 * switch (`emailNotifications`), the three kinds (allowedTypes) and unread direct messages (`messageNotifications`).
 */
export function digestDecision(copy: Author, mail: MailCopy | undefined, now: Date): DigestDecision {
  // A suppressed address (SES reported a permanent bounce or a complaint) gets nothing until it changes.
  if (!mail?.email || !mail.verified || mail.suppressed || !copy.emailNotifications) return { act: 'drop' };
  const types = allowedTypes(copy);
  const messages = copy.messageNotifications !== false;
  if (!types.length && !messages) return { act: 'drop' };
  if (mail.lastDigestAt && now.getTime() - Date.parse(mail.lastDigestAt) < DIGEST_INTERVAL_SECONDS * 1000) return { act: 'wait' };
  return { act: 'send', to: mail.email, types, messages };
}

/** Whether a notification goes into a digest: of a kind the member allows, and not read in the bell already. */
export const inDigest = (types: EmailedType[]) => (n: Pick<NotificationItem, 'type' | 'read'>): boolean =>
  (types as NotificationType[]).includes(n.type) && n.read !== true;

/** The unsubscribe kind (shared/src/constants.ts UNSUBSCRIBE_KINDS) whose setting lets each notification type through. */
export const UNSUBSCRIBE_KIND_OF: Record<EmailedType, UnsubscribeKind> = {
  follow: 'follows', like: 'activity', comment: 'activity',
  rsvp: 'events', event_promoted: 'events', event_changed: 'events', event_cancelled: 'events',
};

/** The kinds present among these notifications, each once, in a fixed order. */
export function kindsIn(types: NotificationType[]): UnsubscribeKind[] {
  const present = new Set(types.flatMap((t) => (t === 'welcome' ? [] : [UNSUBSCRIBE_KIND_OF[t]])));
  return (['follows', 'activity', 'events'] as const).filter((k) => present.has(k));
}

type View = ReturnType<typeof notificationView>;

/** A member's words quoted after a line (`: "…"`, as the language quotes), or nothing. */
const quoted = (t: T, text: string | null) => (text ? t('quote', { text }) : '');

/**
 * One line of the digest, as the bell says it (web: member-header.tsx), the actor's name first, in `language`. Plain
 * text; the names and excerpts are the members' own words, as written.
 */
export function digestLine(n: View, language: LanguageCode = 'en'): string {
  const t = digestMessages.in(language);
  const actor = n.actorName;
  const event = n.excerpt;
  switch (n.type as NotificationType) {
    case 'follow': return t('line.follow', { actor });
    case 'like': return t('line.like', { actor, quote: quoted(t, n.excerpt) });
    case 'comment': return t('line.comment', { actor, quote: quoted(t, n.excerpt) });
    case 'rsvp': return event === null ? t('line.rsvpUnnamed', { actor }) : t('line.rsvp', { actor, event });
    case 'event_promoted': return event === null ? t('line.promotedUnnamed') : t('line.promoted', { event });
    case 'event_changed': return event === null ? t('line.changedUnnamed') : t('line.changed', { event });
    case 'event_cancelled': return event === null ? t('line.cancelledUnnamed') : t('line.cancelled', { event });
    // Never in a digest (inDigest keeps the emailed kinds only); said as the bell says it.
    case 'welcome': return t('line.welcome');
  }
}

const KIND_LABELS = {
  notifications: 'unsubscribe.notifications',
  follows: 'unsubscribe.follows',
  activity: 'unsubscribe.activity',
  events: 'unsubscribe.events',
  messages: 'unsubscribe.messages',
  marketing: 'unsubscribe.marketing',
} as const satisfies Record<UnsubscribeKind, Parameters<T>[0]>;

const FOOTER_KINDS = ['messages', 'follows', 'activity', 'events', 'notifications'] as const;

export interface DigestLinks {
  /** The app's home, where the bell is. */
  app: string;
  /** The notification settings. */
  settings: string;
  /** The unsubscribe page of each kind present (kindsIn), and of all notification emails (`notifications`). */
  unsubscribe: Partial<Record<UnsubscribeKind, string>>;
}

/** A conversation with unread direct messages, as a digest lists it: who wrote, how many unread, what the last one says. */
export interface MessageDigestLine { name: string; unread: number; excerpt: string | null }

/**
 * A conversation's digest line: the other member's name, the unread count, and the last message when the other member
 * wrote it, masked by the member's own content filter (docs/product.md, "Social"), or 'Message removed' (in `language`).
 */
export function messageDigestLine(c: ConversationItem, name: string, filter: ContentFilter, language: LanguageCode = 'en'): MessageDigestLine {
  const last = c.lastMessage;
  const removed = () => digestMessages.format(language, 'message.removed');
  const text = last.fromId !== c.otherId ? null : isRemoved(last) || last.text === null ? removed() : filterContent(last.text, filter);
  return { name, unread: unreadOf(c.unreadCount), excerpt: text && (text.length > 80 ? `${text.slice(0, 79)}…` : text) };
}

/** One conversation's line of the digest (plain text), in `language`. */
export function messageLine(l: MessageDigestLine, language: LanguageCode = 'en'): string {
  const t = digestMessages.in(language);
  return t('message.line', { name: l.name, count: l.unread, quote: quoted(t, l.excerpt) });
}

/**
 * The digest, in the recipient's `language`: the conversations with unread direct messages (most recent first, at
 * most DIGEST_ITEMS_SHOWN), then the newest DIGEST_ITEMS_SHOWN notifications (newest first, as given) and how many
 * more there are (`total` counts them all), a link to the settings and an unsubscribe link for each kind present and
 * for all.
 */
export function digestEmail(
  shown: View[], total: number, links: DigestLinks, conversations: MessageDigestLine[] = [], language: LanguageCode = 'en',
): MailContent {
  const t = digestMessages.in(language);
  const lines = shown.slice(0, DIGEST_ITEMS_SHOWN).map((n) => digestLine(n, language));
  const more = Math.max(0, total - lines.length);
  const unread = conversations.reduce((n, c) => n + c.unread, 0);
  const messageLines = conversations.slice(0, DIGEST_ITEMS_SHOWN).map((l) => messageLine(l, language));
  const moreConversations = conversations.length - messageLines.length;
  const messages = unread ? t('count.messages', { count: unread }) : null;
  const notifications = total || !unread ? t('count.notifications', { count: total }) : null;
  const summary = messages && notifications ? t('count.both', { messages, notifications }) : (messages ?? notifications)!;
  return {
    language,
    subject: t('subject', { summary }),
    preheader: messageLines[0] ?? lines[0] ?? summary,
    heading: t('heading'),
    paragraphs: [t('intro', { summary })],
    list: [
      ...messageLines, ...(moreConversations > 0 ? [t('more.conversations', { count: moreConversations })] : []),
      ...lines, ...(more ? [t('more.notifications', { count: more })] : []),
    ],
    action: { label: t('action.open'), url: links.app },
    footer: {
      reason: t('footer.reason'),
      links: [
        { label: t('footer.settings'), url: links.settings },
        ...FOOTER_KINDS.flatMap((k) => (links.unsubscribe[k] ? [{ label: t(KIND_LABELS[k]), url: links.unsubscribe[k] }] : [])),
      ],
    },
  };
}
