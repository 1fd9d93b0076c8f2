import { randomUUID } from 'node:crypto';
import { decodeCursor, encodeCursor } from '@torcedor/service-kit/cursor';
import { badRequest, forbidden, notFound, tooManyRequests } from '@torcedor/service-kit/errors';
import type { RouteHandler } from '@torcedor/service-kit/http';
import { keyedId } from '@torcedor/service-kit/idempotency';
import { MESSAGE_LIMITS, MESSAGES_CLOSED_MESSAGE } from '@torcedor/shared/constants';
import type { Routes } from '@torcedor/shared/routes';
import { mayContribute } from '../domain/author.ts';
import {
  conversationView, limitMessage, mayWriteTo, memberView, messageView, newConversationsPerDay, secondsUntil,
} from '../domain/messages.ts';
import { readAuthor } from '../store/authors.ts';
import { keys } from '../store/keys.ts';
import * as messages from '../store/messages.ts';
import { emailUnverified } from './errors.ts';

/**
 * Direct messages (docs/product.md, "Direct messages"; the service README, "Messages"). A thread is addressed by the
 * other member and keyed by the pair, so only its two members ever read it; a member with no conversation yet with
 * another reads an empty thread.
 */

const conversationNotFound = () => notFound('Conversation not found');

/**
 * Sends a message: not to oneself (400), to a member social knows (404), by a member who may contribute (403
 * EMAIL_UNVERIFIED), when the recipient's 'Direct messages from' allows it and neither blocked the other (403
 * MESSAGES_CLOSED, the same answer for all, so a block is never revealed), within the sender's limits (429
 * MESSAGE_LIMIT with Retry-After: the seconds to the window's end). Its id comes from the Idempotency-Key, so a
 * repeat answers the same message.
 */
export const sendMessage: RouteHandler<Routes['sendMessage']> = async ({ session, body, idempotencyKey }) => {
  const me = session.userId;
  if (body.to === me) throw badRequest('You cannot message yourself', undefined, 'SELF_MESSAGE');
  const s = await messages.readMessagingState(me, body.to);
  if (!s.member) throw notFound('Member not found');
  if (!mayContribute(s.viewer)) throw emailUnverified();
  if (!mayWriteTo(me, s)) throw forbidden(MESSAGES_CLOSED_MESSAGE, 'MESSAGES_CLOSED');
  const perDay = newConversationsPerDay(s.viewer, new Date());
  const out = await messages.sendMessage(
    { messageId: idempotencyKey ? keyedId(me, idempotencyKey, 'message') : randomUUID(), fromId: me, toId: body.to, text: body.text },
    { newConversationsPerDay: perDay, senderFilter: s.viewer.contentFilter, recipientFilter: s.member.contentFilter },
  );
  if (!out.ok) throw tooManyRequests(limitMessage(out.limit, perDay), 'MESSAGE_LIMIT', secondsUntil(out.window.endsAt, out.now));
  return messageView(out.message, s.viewer.contentFilter);
};

/** The member's conversations, the most recent first, each with the other member as social's copy shows them. */
export const listConversations: RouteHandler<Routes['listConversations']> = async ({ session, query }) => {
  const after = decodeCursor(query.cursor);
  const page = await messages.conversationsPage(session.userId, after, MESSAGE_LIMITS.pageSize);
  const copies = await messages.readCopies(session.userId, page.items.map((c) => c.otherId));
  const last = page.items.at(-1);
  return {
    items: page.items.map((c) => conversationView(c, copies.others.get(c.otherId), copies.viewer.contentFilter)),
    nextCursor: page.more && last ? encodeCursor(keys.postSk(last.updatedAt, last.otherId)) : null,
  };
};

export const getUnreadMessages: RouteHandler<Routes['getUnreadMessages']> = async ({ session }) =>
  ({ count: await messages.readUnread(session.userId) });

/**
 * The thread with a member, newest first, masked by the reader's content filter; `canReply` says whether a message
 * would be accepted now. Empty when there is no conversation yet; 404 for a member social holds no copy of.
 */
export const getThread: RouteHandler<Routes['getThread']> = async ({ session, params, query }) => {
  const me = session.userId;
  const after = decodeCursor(query.cursor);
  if (params.memberId === me) throw conversationNotFound();
  const [conversation, s, page] = await Promise.all([
    messages.getConversation(me, params.memberId),
    messages.readMessagingState(me, params.memberId),
    messages.threadPage(me, params.memberId, after, MESSAGE_LIMITS.pageSize),
  ]);
  // No conversation yet with a member who exists: an empty thread, so a first message can be written from it. A
  // member social holds no copy of (unknown, deleted) has none.
  if (!conversation && !s.member) throw conversationNotFound();
  const last = page.items.at(-1);
  return {
    member: memberView(params.memberId, s.member),
    items: page.items.map((m) => messageView(m, s.viewer.contentFilter)),
    nextCursor: page.more && last ? encodeCursor(keys.postSk(last.createdAt, last.messageId)) : null,
    canReply: mayContribute(s.viewer) && mayWriteTo(me, s),
  };
};

/** Marks the thread with a member read; answers the reader's unread messages left. */
export const markThreadRead: RouteHandler<Routes['markThreadRead']> = async ({ session, params }) => {
  if (params.memberId === session.userId) throw conversationNotFound();
  const left = await messages.markThreadRead(session.userId, params.memberId);
  if (left === undefined) throw conversationNotFound();
  return { unreadCount: left };
};

/** Its author removes a message (both then see 'Message removed'); for anyone else it does not exist (404). */
export const deleteMessage: RouteHandler<Routes['deleteMessage']> = async ({ session, params }) => {
  if (params.memberId === session.userId) throw notFound('Message not found');
  const [removed, me] = await Promise.all([
    messages.removeMessage(session.userId, params.memberId, params.messageId),
    readAuthor(session.userId),
  ]);
  if (!removed) throw notFound('Message not found');
  return messageView(removed, me.contentFilter);
};
