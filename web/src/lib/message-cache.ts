import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Conversation, Message, MessageMember } from '@torcedor/shared/schemas/messages';

/**
 * Query keys and cache updates of direct messages, shared by the messages page (features/messages) and the live socket
 * (features/live), which changes the page's caches from what the server pushes (docs/architecture.md, "Live delivery").
 * Every update here is idempotent: a push that arrives twice, or after the page's own answer, changes nothing more.
 */
export const messageKeys = {
  all: ['messages'] as const,
  conversations: ['messages', 'conversations'] as const,
  unread: ['messages', 'unread'] as const,
  thread: (memberId: string) => ['messages', 'thread', memberId] as const,
};

export interface ThreadPage { member: MessageMember; items: Message[]; nextCursor: string | null; canReply: boolean }
export type ThreadPages = InfiniteData<ThreadPage, string | undefined>;
export interface ConversationsPage { items: Conversation[]; nextCursor: string | null }
export type ConversationPages = InfiniteData<ConversationsPage, string | undefined>;

const time = (iso: string) => Date.parse(iso) || 0;

/** The thread's pages with `message` in (newest first), once: a message already there (by id) is left as it is. */
export function withMessage(data: ThreadPages, message: Message): ThreadPages {
  if (data.pages.some((p) => p.items.some((m) => m.id === message.id))) return data;
  const [first, ...rest] = data.pages;
  if (!first) return data;
  // Newest first: it goes before the first message older than it (a late push lands in its place, not on top).
  const at = first.items.findIndex((m) => time(m.createdAt) < time(message.createdAt));
  const items = at === -1 && first.nextCursor !== null ? null : [...first.items];
  // Older than everything loaded while older pages exist: the page that reads it from the server will show it.
  if (!items) return data;
  items.splice(at === -1 ? items.length : at, 0, message);
  return { ...data, pages: [{ ...first, items }, ...rest] };
}

/** The thread's pages with that message shown removed (its text gone). */
export function withRemoved(data: ThreadPages, messageId: string): ThreadPages {
  let changed = false;
  const pages = data.pages.map((p) => ({
    ...p,
    items: p.items.map((m) => {
      if (m.id !== messageId || m.removed) return m;
      changed = true;
      return { ...m, removed: true, text: null };
    }),
  }));
  return changed ? { ...data, pages } : data;
}

/**
 * The conversation list after a message with `memberId`: its conversation takes it as the last message (unless it
 * already has a newer one) and moves to the top. Null when the list does not hold that conversation (it is read again).
 */
export function withLastMessage(data: ConversationPages, memberId: string, message: Message): ConversationPages | null {
  const all = data.pages.flatMap((p) => p.items);
  const found = all.find((c) => c.member.id === memberId);
  if (!found) return null;
  if (found.lastMessage.id === message.id) return data;
  if (time(found.lastMessage.createdAt) > time(message.createdAt)) return data;
  const updated: Conversation = { ...found, lastMessage: message, updatedAt: message.createdAt };
  const pages = data.pages.map((p, i) => {
    const items = p.items.filter((c) => c.member.id !== memberId);
    return { ...p, items: i === 0 ? [updated, ...items] : items };
  });
  return { ...data, pages };
}

/** The conversation list with one conversation changed in place (nothing when it is not there). */
export function withConversation(data: ConversationPages, memberId: string, change: (c: Conversation) => Conversation): ConversationPages {
  let changed = false;
  const pages = data.pages.map((p) => ({
    ...p,
    items: p.items.map((c) => {
      if (c.member.id !== memberId) return c;
      const next = change(c);
      if (next !== c) changed = true;
      return next;
    }),
  }));
  return changed ? { ...data, pages } : data;
}

/** Puts a message (sent, or pushed) into its thread, if loaded, and the conversation list. */
export function cacheMessage(queryClient: QueryClient, memberId: string, message: Message): void {
  queryClient.setQueryData<ThreadPages>(messageKeys.thread(memberId), (data) => (data ? withMessage(data, message) : data));
  const list = queryClient.getQueryData<ConversationPages>(messageKeys.conversations);
  if (!list) return;
  const next = withLastMessage(list, memberId, message);
  if (next) queryClient.setQueryData(messageKeys.conversations, next);
  else void queryClient.invalidateQueries({ queryKey: messageKeys.conversations });
}

/** Shows a message removed in its thread and, when it is the last one, in the conversation list. */
export function cacheRemoved(queryClient: QueryClient, memberId: string, messageId: string): void {
  queryClient.setQueryData<ThreadPages>(messageKeys.thread(memberId), (data) => (data ? withRemoved(data, messageId) : data));
  queryClient.setQueryData<ConversationPages>(messageKeys.conversations, (data) => data && withConversation(data, memberId, (c) =>
    c.lastMessage.id === messageId && !c.lastMessage.removed ? { ...c, lastMessage: { ...c.lastMessage, removed: true, text: null } } : c));
}

/** Sets the member's unread messages in all and, when given, the unread count of the thread with `memberId`. */
export function cacheUnread(queryClient: QueryClient, count: number, thread?: { memberId: string; unread: number }): void {
  queryClient.setQueryData(messageKeys.unread, { count });
  if (!thread) return;
  queryClient.setQueryData<ConversationPages>(messageKeys.conversations, (data) => data && withConversation(data, thread.memberId, (c) =>
    c.unreadCount === thread.unread ? c : { ...c, unreadCount: thread.unread }));
}

/** The other member as the cached list or thread knows them, if either does. */
export function cachedMember(queryClient: QueryClient, memberId: string): MessageMember | undefined {
  const thread = queryClient.getQueryData<ThreadPages>(messageKeys.thread(memberId));
  if (thread?.pages[0]) return thread.pages[0].member;
  const list = queryClient.getQueryData<ConversationPages>(messageKeys.conversations);
  return list?.pages.flatMap((p) => p.items).find((c) => c.member.id === memberId)?.member;
}
