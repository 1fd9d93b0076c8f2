import { DELETED_MEMBER_NAME, MESSAGE_LIMITS } from '@torcedor/shared/constants';
import type { ContentFilter } from '@torcedor/shared/schemas/identity';
import type { Conversation, Message, MessageMember } from '@torcedor/shared/schemas/messages';
import { isPremiumAuthor, type Author } from './author.ts';
import { filterContent } from './content-filter.ts';

/**
 * Direct messages (docs/product.md, "Direct messages"; the service README, "Messages"): the items, the rules (who may
 * message whom, the limits and their windows) and the views. Pure: store/messages.ts reads and writes.
 */

/**
 * A message as stored, in the thread of its two members. `text` is null once its author removed it (`removed`); a
 * moderator's hide (`isHidden`) shows it removed to both.
 */
export type MessageItem = {
  messageId: string; fromId: string; toId: string; text: string | null; removed: boolean; createdAt: string; isHidden?: boolean;
};

/**
 * One member's side of a conversation (`userId` with `otherId`): the last message (a copy), when it changed, and how
 * many of the other member's messages `userId` has not read. Both sides are written by every send.
 */
export type ConversationItem = {
  userId: string; otherId: string; lastMessage: MessageItem; updatedAt: string; startedAt: string; unreadCount: number;
};

/** A member's unread messages in all: the sum of their conversations' `unreadCount`, kept by the same transactions. */
export type UnreadItem = { userId: string; unread: number };

/** A sender's counter of one limit window (messages sent in an hour, conversations started in a day). */
export type WindowItem = { count: number; ttl: number };

/** What a sender needs to know of a member they want to write to. */
export interface MessagingState {
  /** The sender's (reader's) own copy: their content filter, whether they may contribute, their plan. */
  viewer: Author;
  /** The other member's copy; undefined when social has none (unknown, or deleted). */
  member: Author | undefined;
  /** Whether the viewer follows the member. */
  follows: boolean;
  /** Whether either blocked the other (never told apart: docs/product.md, "Blocking"). */
  blocked: boolean;
}

/**
 * Whether a member may send `recipient` a message now (docs/product.md, "Direct messages"): the recipient's 'Direct
 * messages from' setting (everyone; followers: only members who follow the recipient; none) and no block either way.
 */
export function mayMessage(recipient: Pick<Author, 'allowDirectMessages'>, o: { follows: boolean; blocked: boolean }): boolean {
  if (o.blocked) return false;
  switch (recipient.allowDirectMessages) {
    case 'everyone': return true;
    case 'followers': return o.follows;
    case 'none': return false;
  }
}

/** Whether the viewer may write to the member now (`canReply` of a thread, `canMessage` of a profile). */
export const mayWriteTo = (viewerId: string, s: Pick<MessagingState, 'member' | 'follows' | 'blocked'>): boolean =>
  !!s.member && s.member.userId !== viewerId && mayMessage(s.member, s);

/** How many new conversations the sender may start a day: premium benefits (a plan or a running trial) lift the free number. */
export const newConversationsPerDay = (sender: Pick<Author, 'tier' | 'until'>, now: Date): number =>
  (isPremiumAuthor(sender, now) ? MESSAGE_LIMITS.newConversationsPerDay.premium : MESSAGE_LIMITS.newConversationsPerDay.free);

/** A limit window: its counter's sort key, when it ends and when its counter may expire (an hour after). */
export interface LimitWindow { key: string; endsAt: Date; ttl: number }

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const windowOf = (prefix: string, now: Date, length: number, label: (start: Date) => string): LimitWindow => {
  const start = new Date(Math.floor(now.getTime() / length) * length);
  const endsAt = new Date(start.getTime() + length);
  return { key: `${prefix}#${label(start)}`, endsAt, ttl: Math.floor(endsAt.getTime() / 1000) + 3600 };
};
/** The clock hour (UTC) messages are counted in: MESSAGE_LIMITS.perHour. */
export const hourWindow = (now: Date): LimitWindow => windowOf('HOUR', now, HOUR_MS, (s) => s.toISOString().slice(0, 13));
/** The UTC day new conversations are counted in. */
export const dayWindow = (now: Date): LimitWindow => windowOf('DAY', now, DAY_MS, (s) => s.toISOString().slice(0, 10));

/** Seconds from `now` to the end of a window (at least 1): a refusal's Retry-After. */
export const secondsUntil = (end: Date, now: Date): number => Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000));

/** Which limit refused a send. */
export type MessageLimit = 'hour' | 'day';

/** What a refused send says. */
export function limitMessage(limit: MessageLimit, perDay: number): string {
  return limit === 'hour'
    ? `You can send at most ${MESSAGE_LIMITS.perHour} messages an hour. Please try again later.`
    : `You can start at most ${perDay} new conversations a day. Please try again tomorrow${perDay === MESSAGE_LIMITS.newConversationsPerDay.free ? ', or upgrade to Premium for more' : ''}.`;
}

/** Whether both members see the message as removed: its author removed it, or a moderator hid it. */
export const isRemoved = (m: Pick<MessageItem, 'removed' | 'isHidden'>): boolean => m.removed || m.isHidden === true;

/** A message as the reader sees it: masked by the reader's own content filter; a removed one without its text. */
export function messageView(m: MessageItem, filter: ContentFilter): Message {
  const removed = isRemoved(m);
  return {
    id: m.messageId, fromId: m.fromId, toId: m.toId, text: removed || m.text === null ? null : filterContent(m.text, filter), removed,
    createdAt: m.createdAt,
  };
}

/** The other member of a conversation: their name, picture and badge, or 'Deleted member' when social holds no copy of them. */
export function memberView(memberId: string, a: Author | undefined): MessageMember {
  if (!a) return { id: memberId, displayName: DELETED_MEMBER_NAME, profileImageUrl: null, premium: false, deleted: true };
  return { id: memberId, displayName: a.displayName, profileImageUrl: a.profileImageUrl, premium: isPremiumAuthor(a), deleted: false };
}

/** A conversation in the reader's list. */
export function conversationView(c: ConversationItem, other: Author | undefined, filter: ContentFilter): Conversation {
  return {
    member: memberView(c.otherId, other), lastMessage: messageView(c.lastMessage, filter), unreadCount: unreadOf(c.unreadCount),
    updatedAt: c.updatedAt,
  };
}

/** An unread count as shown (never negative, 0 when never counted). */
export const unreadOf = (n: unknown): number => Math.max(0, Number(n ?? 0) || 0);

/** A message report's target id, `<otherMemberId>:<messageId>` (shared/src/schemas/social.ts NewReport). */
export function messageTarget(targetId: string): { otherId: string; messageId: string } | null {
  const [otherId, messageId, extra] = targetId.split(':');
  return otherId && messageId && extra === undefined ? { otherId, messageId } : null;
}

/**
 * Whether a member may report a message (docs/product.md, "Moderation"): one in their own thread, sent to them by the
 * other member (not their own).
 */
export const mayReportMessage = (reporterId: string, m: Pick<MessageItem, 'fromId' | 'toId'>): boolean =>
  m.toId === reporterId && m.fromId !== reporterId;
