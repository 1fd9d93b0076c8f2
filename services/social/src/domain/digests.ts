import type { MailContent } from '@torcedor/service-kit/email';
import { DIGEST_INTERVAL_SECONDS, DIGEST_ITEMS_SHOWN, MESSAGE_REMOVED_TEXT, type UnsubscribeKind } from '@torcedor/shared/constants';
import type { ContentFilter } from '@torcedor/shared/schemas/identity';
import type { Author } from './author.ts';
import { filterContent } from './content-filter.ts';
import { isRemoved, unreadOf, type ConversationItem } from './messages.ts';
import { allowedTypes, type EmailedType, type NotificationItem, type NotificationType, type notificationView } from './notifications.ts';

/**
 * Notification emails (docs/product.md, "Email"; the service README, "Notification emails"): at most one email per
 * member per DIGEST_INTERVAL_SECONDS, a digest of their unread notifications and unread direct messages since the last
 * one, only to a verified, unsuppressed address, never for a kind the member turned off. Pure: the handler
 * (handlers/digests.ts) reads, sends and records.
 */

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

const quoted = (text: string | null) => (text ? `: "${text}"` : '');

/** One line of the digest, as the bell says it (web: member-header.tsx), the actor's name first. Plain text. */
export function digestLine(n: View): string {
  switch (n.type as NotificationType) {
    case 'follow': return `${n.actorName} started following you`;
    case 'like': return `${n.actorName} liked your post${quoted(n.excerpt)}`;
    case 'comment': return `${n.actorName} commented${quoted(n.excerpt)}`;
    case 'rsvp': return `${n.actorName} RSVPed to ${n.excerpt ?? 'your event'}`;
    case 'event_promoted': return `A seat opened up: you are going to ${n.excerpt ?? 'an event'}`;
    case 'event_changed': return `${n.excerpt ?? 'An event'} was updated by its host`;
    case 'event_cancelled': return `${n.excerpt ?? 'An event'} was cancelled`;
    // Never in a digest (inDigest keeps the emailed kinds only); said as the bell says it.
    case 'welcome': return 'Welcome to Torcedor: take your first steps';
  }
}

const KIND_LABELS: Record<UnsubscribeKind, string> = {
  notifications: 'Unsubscribe from all notification emails',
  follows: 'Unsubscribe from new follower emails',
  activity: 'Unsubscribe from like and comment emails',
  events: 'Unsubscribe from event emails',
  messages: 'Unsubscribe from direct message emails',
  marketing: 'Unsubscribe from marketing emails',
};

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
 * wrote it, masked by the member's own content filter (docs/product.md, "Social"), or 'Message removed'.
 */
export function messageDigestLine(c: ConversationItem, name: string, filter: ContentFilter): MessageDigestLine {
  const last = c.lastMessage;
  const text = last.fromId !== c.otherId ? null : isRemoved(last) || last.text === null ? MESSAGE_REMOVED_TEXT : filterContent(last.text, filter);
  return { name, unread: unreadOf(c.unreadCount), excerpt: text && (text.length > 80 ? `${text.slice(0, 79)}…` : text) };
}

/** One conversation's line of the digest (plain text). */
export function messageLine(l: MessageDigestLine): string {
  return `${l.name} sent you ${l.unread === 1 ? 'a message' : `${l.unread} messages`}${quoted(l.excerpt)}`;
}

/**
 * The digest: the conversations with unread direct messages (most recent first, at most DIGEST_ITEMS_SHOWN), then the
 * newest DIGEST_ITEMS_SHOWN notifications (newest first, as given) and how many more there are (`total` counts them
 * all), a link to the settings and an unsubscribe link for each kind present and for all.
 */
export function digestEmail(shown: View[], total: number, links: DigestLinks, conversations: MessageDigestLine[] = []): MailContent {
  const lines = shown.slice(0, DIGEST_ITEMS_SHOWN).map(digestLine);
  const more = Math.max(0, total - lines.length);
  const unread = conversations.reduce((n, c) => n + c.unread, 0);
  const messageLines = conversations.slice(0, DIGEST_ITEMS_SHOWN).map(messageLine);
  const moreConversations = conversations.length - messageLines.length;
  const count = [
    ...(unread ? [`${unread} unread message${unread === 1 ? '' : 's'}`] : []),
    ...(total || !unread ? [`${total} new notification${total === 1 ? '' : 's'}`] : []),
  ].join(' and ');
  return {
    subject: `You have ${count} on Torcedor`,
    preheader: messageLines[0] ?? lines[0] ?? count,
    heading: 'What happened in the club',
    paragraphs: [`You have ${count} since our last email, newest first:`],
    list: [
      ...messageLines, ...(moreConversations > 0 ? [`and ${moreConversations} more conversation${moreConversations === 1 ? '' : 's'}`] : []),
      ...lines, ...(more ? [`and ${more} more`] : []),
    ],
    action: { label: 'Open Torcedor', url: links.app },
    footer: {
      reason: `You get this email because notification emails are on in your Torcedor settings. We send at most one an hour.`,
      links: [
        { label: 'Notification settings', url: links.settings },
        ...FOOTER_KINDS.flatMap((k) => (links.unsubscribe[k] ? [{ label: KIND_LABELS[k], url: links.unsubscribe[k] }] : [])),
      ],
    },
  };
}
