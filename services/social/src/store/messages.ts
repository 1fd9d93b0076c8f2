import { randomUUID } from 'node:crypto';
import { TABLE } from '@torcedor/service-kit/ddb';
import { write } from '@torcedor/service-kit/entity';
import { batchGetAll, deleteKeys, keyOf, queryAfter, queryAll, queryPage, type Item } from '@torcedor/service-kit/items';
import { eventPart, registerRenderer, stateEventPart } from '@torcedor/service-kit/outbox';
import { RACED, retryOnRace } from '@torcedor/service-kit/race';
import { transact, type TransactPart } from '@torcedor/service-kit/transactions';
import { MESSAGE_LIMITS } from '@torcedor/shared/constants';
import type { ContentFilter } from '@torcedor/shared/schemas/identity';
import { toAuthor, type Author } from '../domain/author.ts';
import {
  dayWindow, hourWindow, messageView, unreadOf, type ConversationItem, type LimitWindow, type MessageItem, type MessageLimit,
  type MessagingState,
} from '../domain/messages.ts';
import { isBlockedEitherWay } from './blocks.ts';
import { digestDuePart } from './digests.ts';
import { authors, conversations, follows, messages, messagesUnread, messageWindows } from './entities.ts';
import { keys } from './keys.ts';

/**
 * Direct messages (the service README, "Messages"; docs/product.md, "Direct messages"). A send is ONE transaction: the
 * message, both members' conversation items (the last message; the recipient's unread count + 1), the recipient's
 * unread total + 1, the sender's limit counters (conditioned, so the limits are exact under any concurrency), the
 * recipient's digest marker and the LiveUpdate pushes (docs/architecture.md, "Live delivery").
 */

/**
 * AP: what a send (or a thread's `canReply`) decides on: the viewer's and the member's copies and the viewer's follow
 * edge to the member (one consistent BatchGet), beside whether either blocked the other (store/blocks.ts).
 */
export async function readMessagingState(viewerId: string, memberId: string): Promise<MessagingState> {
  const edge = follows.key({ followerId: viewerId, followeeId: memberId });
  const [items, blocked] = await Promise.all([
    batchGetAll([authors.key(viewerId), authors.key(memberId), edge], { consistent: true }),
    isBlockedEitherWay(viewerId, memberId),
  ]);
  const copy = (id: string) => items.find((i) => i.SK === 'AUTHOR' && i.userId === id);
  const member = copy(memberId);
  return {
    viewer: toAuthor(copy(viewerId), viewerId), member: member && toAuthor(member, memberId), blocked,
    follows: items.some((i) => i.PK === edge.PK && i.SK === edge.SK),
  };
}

/**
 * AP: the viewer's copy and the other members' copies (undefined for a member social holds none of: deleted), one
 * BatchGet: the names a list of conversations shows.
 */
export async function readCopies(viewerId: string, otherIds: string[]): Promise<{ viewer: Author; others: Map<string, Author | undefined> }> {
  const ids = [...new Set([viewerId, ...otherIds])];
  const items = await batchGetAll(ids.map(authors.key));
  const byId = new Map(items.map((i) => [String(i.userId), i]));
  const copyOf = (id: string) => { const i = byId.get(id); return i && toAuthor(i, id); };
  return { viewer: toAuthor(byId.get(viewerId), viewerId), others: new Map(otherIds.map((id) => [id, copyOf(id)])) };
}

/** What a send needs besides the message: the limits of the sender's plan and each member's content filter (their pushes). */
export interface SendOptions { newConversationsPerDay: number; senderFilter: ContentFilter; recipientFilter: ContentFilter }
export type SendOutcome = { ok: true; message: MessageItem } | { ok: false; limit: MessageLimit; window: LimitWindow; now: Date };

const names = {
  '#user': 'userId', '#other': 'otherId', '#last': 'lastMessage', '#at': 'updatedAt', '#started': 'startedAt', '#unread': 'unreadCount',
  '#g2pk': 'GSI2PK', '#g2sk': 'GSI2SK',
};

/**
 * One member's conversation item after a message: the last message and its time (the GSI2 sort key with it), the
 * unread count up by `unread`, conditioned on the item holding nothing newer (a send that lost that race decides again)
 * and, for the sender's side, on whether the conversation is new, as the send read it.
 */
function conversationPart(ownerId: string, otherId: string, m: MessageItem, unread: 0 | 1, exists?: boolean): TransactPart {
  const presence = exists === undefined ? '' : exists ? ' AND attribute_exists(PK)' : ' AND attribute_not_exists(PK)';
  return {
    Update: {
      TableName: TABLE, Key: conversations.key({ userId: ownerId, otherId }),
      UpdateExpression: 'SET #user = :user, #other = :other, #last = :last, #at = :at, #started = if_not_exists(#started, :at), #g2pk = :g2pk, #g2sk = :g2sk ADD #unread :n',
      ConditionExpression: `(attribute_not_exists(#at) OR #at <= :at)${presence}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: {
        ':user': ownerId, ':other': otherId, ':last': m, ':at': m.createdAt, ':n': unread,
        ':g2pk': keys.conversations(ownerId), ':g2sk': keys.postSk(m.createdAt, otherId),
      },
    },
  };
}

/** A member's unread total moved by `delta`. */
const unreadPart = (userId: string, delta: number): TransactPart => ({
  Update: {
    TableName: TABLE, Key: messagesUnread.key(userId), UpdateExpression: 'SET #user = :user ADD #unread :d',
    ExpressionAttributeNames: { '#user': 'userId', '#unread': 'unread' }, ExpressionAttributeValues: { ':user': userId, ':d': delta },
  },
});

/** One more in a sender's window counter, conditioned on the window's limit not being reached. */
const windowPart = (userId: string, w: LimitWindow, max: number): TransactPart => ({
  Update: {
    TableName: TABLE, Key: messageWindows.key({ userId, window: w.key }), UpdateExpression: 'SET #ttl = :ttl ADD #count :one',
    ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
    ExpressionAttributeNames: { '#ttl': 'ttl', '#count': 'count' }, ExpressionAttributeValues: { ':ttl': w.ttl, ':one': 1, ':max': max },
  },
});

/**
 * The push of a member's unread messages to their open tabs (in all, and in the thread with `otherId`), rendered when
 * it is published, after the write committed: the counts as they are then.
 */
const unreadPushPart = (userId: string, otherId: string): TransactPart =>
  stateEventPart('LiveUpdate', 'messages-unread', [userId, otherId, randomUUID()].join('|'));

registerRenderer('messages-unread', async (key) => {
  const [userId = '', otherId = '', pushId = ''] = key.split('|');
  const [total, thread] = await Promise.all([messagesUnread.get(userId), conversations.get({ userId, otherId })]);
  return {
    pushId, userId, createdAt: new Date().toISOString(),
    push: { type: 'messages_unread', count: unreadOf(total?.unread), memberId: otherId, threadUnread: unreadOf(thread?.unreadCount) },
  };
});

/** A push of one message to one member's tabs (`memberId`: the other member, from their side). */
const messagePush = (userId: string, memberId: string, m: MessageItem, filter: ContentFilter): TransactPart =>
  eventPart('LiveUpdate', { pushId: randomUUID(), userId, push: { type: 'message', memberId, message: messageView(m, filter) }, createdAt: m.createdAt });

/** The ISO time of now, never before `floor` (the conversation's last message: a clock behind another writer's never loops). */
const notBefore = (now: Date, floor: string | undefined) => {
  const at = now.toISOString();
  return floor && floor > at ? floor : at;
};

/**
 * AP: send a message (its id given: a retry of the same request finds it and answers it, nothing written twice). Under
 * retryOnRace: reads the sender's side of the conversation (new or not decides the day's counter), then the one
 * transaction. A failed limit answers which window refused it; a conversation that changed meanwhile decides again.
 */
export async function sendMessage(draft: Pick<MessageItem, 'messageId' | 'fromId' | 'toId' | 'text'>, o: SendOptions): Promise<SendOutcome> {
  const { messageId, fromId, toId } = draft;
  const id = { a: fromId, b: toId, messageId };
  return retryOnRace('send a message', async () => {
    const mine = await conversations.get({ userId: fromId, otherId: toId });
    const now = new Date();
    const m: MessageItem = { ...draft, removed: false, createdAt: notBefore(now, mine?.updatedAt) };
    const hour = hourWindow(now);
    const day = dayWindow(now);
    const r = await transact({
      message: messages.put(id, m, { ifAbsent: true }),
      mine: conversationPart(fromId, toId, m, 0, !!mine),
      theirs: conversationPart(toId, fromId, m, 1),
      unread: unreadPart(toId, 1),
      hour: windowPart(fromId, hour, MESSAGE_LIMITS.perHour),
      day: mine ? undefined : windowPart(fromId, day, o.newConversationsPerDay),
      digest: digestDuePart(toId, m.createdAt),
      toRecipient: messagePush(toId, fromId, m, o.recipientFilter),
      toSender: messagePush(fromId, toId, m, o.senderFilter),
      unreadPush: unreadPushPart(toId, fromId),
    });
    if (r.ok) return { ok: true as const, message: m };
    // A repeat of a send that committed (its id is the request's): the message as it was written.
    const existing = await messages.get(id);
    if (existing) return { ok: true as const, message: existing };
    if (r.failed.includes('mine') || r.failed.includes('theirs')) return RACED;
    const limit: MessageLimit = r.failed.includes('hour') ? 'hour' : 'day';
    return { ok: false as const, limit, window: limit === 'hour' ? hour : day, now };
  });
}

/** AP: a member's unread messages in all. */
export async function readUnread(userId: string): Promise<number> {
  return unreadOf((await messagesUnread.get(userId))?.unread);
}

/** AP: one member's side of a conversation (consistent), or undefined. */
export const getConversation = (userId: string, otherId: string): Promise<ConversationItem | undefined> =>
  conversations.get({ userId, otherId });

/** AP: a member's conversations, the most recent first, one page after the cursor's sort key (GSI2 `CONVOS#<userId>`). */
export async function conversationsPage(userId: string, after: string | undefined, limit: number): Promise<{ items: ConversationItem[]; more: boolean }> {
  const page = await queryAfter(
    { IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk', ExpressionAttributeValues: { ':pk': keys.conversations(userId) } },
    { limit, after, sortKey: 'GSI2SK' },
  );
  return { items: page.items as ConversationItem[], more: page.more };
}

/** AP: the thread of two members, newest first, one page after the cursor's sort key (GSI1 `THREAD#<a>#<b>`). */
export async function threadPage(a: string, b: string, after: string | undefined, limit: number): Promise<{ items: MessageItem[]; more: boolean }> {
  const page = await queryAfter(
    { IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': keys.thread(a, b) } },
    { limit, after, sortKey: 'GSI1SK' },
  );
  return { items: page.items as MessageItem[], more: page.more };
}

/** AP: one message of the thread of `a` and `b` (consistent), or undefined. */
export const getMessage = (a: string, b: string, messageId: string): Promise<MessageItem | undefined> => messages.get({ a, b, messageId });

/**
 * AP: mark the reader's side of a thread read: its unread count to 0 and the reader's total down by as much, in one
 * transaction conditioned on the count read (a message arriving meanwhile decides again), with the push of the new
 * counts to the reader's tabs. Answers the reader's unread total left, or undefined when there is no such conversation.
 */
export async function markThreadRead(userId: string, otherId: string): Promise<number | undefined> {
  const done = await retryOnRace('mark a thread read', async () => {
    const c = await conversations.get({ userId, otherId });
    if (!c) return false;
    const n = unreadOf(c.unreadCount);
    if (n === 0) return true;
    const r = await transact({
      thread: {
        Update: {
          TableName: TABLE, Key: conversations.key({ userId, otherId }), UpdateExpression: 'SET #unread = :zero',
          ConditionExpression: '#unread = :n', ExpressionAttributeNames: { '#unread': 'unreadCount' }, ExpressionAttributeValues: { ':zero': 0, ':n': c.unreadCount },
        },
      },
      total: unreadPart(userId, -n),
      push: unreadPushPart(userId, otherId),
    });
    return r.ok ? true : RACED;
  });
  return done ? readUnread(userId) : undefined;
}

/**
 * AP: its author removes a message: its text goes (null) and `removed` is set; each side's conversation whose last
 * message it is shows it removed, in the same transaction (conditioned on it still being the last: a message arriving
 * meanwhile decides again), with a push to both members' tabs. Undefined when the message does not exist in this
 * thread or is not the author's; a message removed already is answered as it is.
 */
export async function removeMessage(authorId: string, otherId: string, messageId: string): Promise<MessageItem | undefined> {
  const id = { a: authorId, b: otherId, messageId };
  return retryOnRace('remove a message', async () => {
    const m = await messages.get(id);
    if (!m || m.fromId !== authorId) return undefined;
    if (m.removed) return m;
    const sides = await conversations.getMany([{ userId: authorId, otherId }, { userId: otherId, otherId: authorId }]);
    const lastPart = (c: ConversationItem): TransactPart => ({
      Update: {
        TableName: TABLE, Key: conversations.key(c), UpdateExpression: 'SET #last.#text = :null, #last.#removed = :yes',
        ConditionExpression: '#last.#id = :id', ExpressionAttributeNames: { '#last': 'lastMessage', '#text': 'text', '#removed': 'removed', '#id': 'messageId' },
        ExpressionAttributeValues: { ':null': null, ':yes': true, ':id': messageId },
      },
    });
    const [first, second] = sides.filter((c) => c.lastMessage.messageId === messageId);
    const now = new Date().toISOString();
    const removedPush = (userId: string, memberId: string) =>
      eventPart('LiveUpdate', { pushId: randomUUID(), userId, push: { type: 'message_removed', memberId, messageId }, createdAt: now });
    const r = await transact({
      message: messages.update(id, { text: null, removed: true }, {
        ConditionExpression: 'fromId = :me AND #removed = :no', ExpressionAttributeNames: { '#removed': 'removed' }, ExpressionAttributeValues: { ':me': authorId, ':no': false },
      }),
      first: first && lastPart(first),
      second: second && lastPart(second),
      toAuthor: removedPush(authorId, otherId),
      toOther: removedPush(otherId, authorId),
    });
    return r.ok ? { ...m, text: null, removed: true } : RACED;
  });
}

/**
 * AP: a moderator hid a message (store/reports.ts#resolveReport): each side's conversation whose last message it is
 * shows it hidden too. Conditioned on it still being the last one; a repeat changes nothing.
 */
export async function hideLastMessage(a: string, b: string, messageId: string): Promise<void> {
  await Promise.all([{ userId: a, otherId: b }, { userId: b, otherId: a }].map((side) => write({
    Update: {
      TableName: TABLE, Key: conversations.key(side), UpdateExpression: 'SET #last.#hidden = :yes', ConditionExpression: '#last.#id = :id',
      ExpressionAttributeNames: { '#last': 'lastMessage', '#hidden': 'isHidden', '#id': 'messageId' }, ExpressionAttributeValues: { ':yes': true, ':id': messageId },
    },
  })));
}

/**
 * AP: a member's conversations updated after `since` (a time, or a notification's sort key) that hold unread messages
 * (GSI2, all pages): the unread messages a notification digest lists (domain/digests.ts).
 */
export async function unreadConversationsSince(userId: string, since: string): Promise<ConversationItem[]> {
  const items = await queryAll({
    IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK > :since', FilterExpression: '#unread > :zero', ScanIndexForward: false,
    ExpressionAttributeNames: { '#unread': 'unreadCount' }, ExpressionAttributeValues: { ':pk': keys.conversations(userId), ':since': since, ':zero': 0 },
  });
  return items as ConversationItem[];
}

/** AP: the member's conversations and the messages they wrote, for their export. */
export async function exportMessages(userId: string): Promise<Item[]> {
  const mine = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :w)', ExpressionAttributeValues: { ':pk': keys.conversations(userId), ':w': 'WITH#' },
  });
  const written = await Promise.all(mine.map((c) => queryAll({
    KeyConditionExpression: 'PK = :pk', FilterExpression: 'fromId = :me',
    ExpressionAttributeValues: { ':pk': keys.thread(userId, String(c.otherId)), ':me': userId },
  })));
  return [...mine, ...written.flat()];
}

/**
 * AP (a member's deletion, first step): the other member's side of one of the deleted member's conversations goes,
 * and their unread total gives back its unread count, in one transaction conditioned on the count read; their tabs
 * are pushed the new counts. A repeat finds their side gone and changes nothing.
 */
export async function dropOtherSide(conversation: Item, userId: string): Promise<void> {
  const otherId = String(conversation.otherId);
  await retryOnRace('drop a conversation', async () => {
    const theirs = await conversations.get({ userId: otherId, otherId: userId });
    if (!theirs) return undefined;
    const n = unreadOf(theirs.unreadCount);
    const r = await transact({
      side: conversations.remove({ userId: otherId, otherId: userId }, {
        ConditionExpression: '#unread = :n', ExpressionAttributeNames: { '#unread': 'unreadCount' }, ExpressionAttributeValues: { ':n': theirs.unreadCount },
      }),
      total: n ? unreadPart(otherId, -n) : undefined,
      push: unreadPushPart(otherId, userId),
    });
    return r.ok ? undefined : RACED;
  });
}

/** The deleted member's conversation items (their side), for the deletion's steps. */
export const conversationItemsQuery = (userId: string) => ({
  KeyConditionExpression: 'PK = :pk AND begins_with(SK, :w)', ExpressionAttributeValues: { ':pk': keys.conversations(userId), ':w': 'WITH#' },
  ConsistentRead: true,
});

/**
 * AP (a member's deletion, second step): a bounded batch of the deleted member's threads: for each of their first
 * `threads` conversations, up to `perThread` messages of the thread go; a thread found empty takes the member's side
 * of its conversation with it. Each read starts over (what was deleted is gone), so a repeated batch is harmless.
 * Answers the items deleted and whether any is left.
 */
export async function deleteThreadsPage(userId: string, threads: number, perThread: number): Promise<{ done: number; more: boolean }> {
  const page = await queryPage({ ...conversationItemsQuery(userId), Limit: threads });
  const done = await Promise.all(page.items.map(async (c) => {
    const thread = await queryPage({
      KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.thread(userId, String(c.otherId)) }, ProjectionExpression: 'PK, SK',
      ConsistentRead: true, Limit: perThread,
    });
    await deleteKeys(thread.items.map(keyOf));
    if (thread.next) return thread.items.length;
    await deleteKeys([keyOf(c)]);
    return thread.items.length + 1;
  }));
  return { done: done.reduce((a, b) => a + b, 0), more: page.items.length > 0 };
}

/** AP (a member's deletion, last): what is left of their messaging: their unread total and their limit counters. */
export async function deleteMessagingRest(userId: string): Promise<void> {
  const windows = await queryAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.messageLimits(userId) }, ProjectionExpression: 'PK, SK' });
  await deleteKeys([messagesUnread.key(userId), ...windows.map(keyOf)]);
}
