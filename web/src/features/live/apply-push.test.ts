import { QueryClient } from '@tanstack/react-query';
import type { Message } from '@torcedor/shared/schemas/messages';
import { describe, expect, it } from 'vitest';
import { eventKeys } from '@/lib/api/get-events';
import { notificationsQuery } from '@/lib/api/get-notifications';
import { messageKeys, type ConversationPages, type ThreadPages } from '@/lib/message-cache';
import { applyPush } from './apply-push';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, Math.round(minute * 60))).toISOString();
const msg = (id: string, minute: number, fromId = 'u2', toId = 'me'): Message => ({ id, fromId, toId, text: `text ${id}`, removed: false, createdAt: at(minute) });
const member = (id: string) => ({ id, displayName: `Member ${id}`, profileImageUrl: null, premium: false, deleted: false });

function client() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const thread: ThreadPages = {
    pages: [{ member: member('u2'), items: [msg('m3', 3), msg('m2', 2, 'me', 'u2')], nextCursor: null, canReply: true }],
    pageParams: [undefined],
  };
  const list: ConversationPages = {
    pages: [{
      items: [
        { member: member('u3'), lastMessage: msg('x1', 5, 'u3'), unreadCount: 0, updatedAt: at(5) },
        { member: member('u2'), lastMessage: msg('m3', 3), unreadCount: 1, updatedAt: at(3) },
      ],
      nextCursor: null,
    }],
    pageParams: [undefined],
  };
  qc.setQueryData(messageKeys.thread('u2'), thread);
  qc.setQueryData(messageKeys.conversations, list);
  qc.setQueryData(messageKeys.unread, { count: 1 });
  return qc;
}
const threadIds = (qc: QueryClient, id = 'u2') => qc.getQueryData<ThreadPages>(messageKeys.thread(id))!.pages.flatMap((p) => p.items.map((m) => m.id));
const conversations = (qc: QueryClient) => qc.getQueryData<ConversationPages>(messageKeys.conversations)!.pages.flatMap((p) => p.items);

describe('pushes into the cached queries', () => {
  it('puts a pushed message into its thread once, however often it arrives, and moves its conversation to the top', () => {
    const qc = client();
    const push = { type: 'message', memberId: 'u2', message: msg('m4', 6) } as const;
    applyPush(qc, push);
    applyPush(qc, push);
    expect(threadIds(qc)).toEqual(['m4', 'm3', 'm2']);
    expect(conversations(qc).map((c) => [c.member.id, c.lastMessage.id])).toEqual([['u2', 'm4'], ['u3', 'x1']]);
    // The unread count is the server's to say (a messages_unread push), never counted up here.
    expect(conversations(qc)[0]!.unreadCount).toBe(1);
  });

  it('places a late push in its place, and never takes an older message as the last one', () => {
    const qc = client();
    applyPush(qc, { type: 'message', memberId: 'u2', message: msg('m2b', 2.5) });
    applyPush(qc, { type: 'message', memberId: 'u2', message: msg('m4', 6) });
    applyPush(qc, { type: 'message', memberId: 'u2', message: msg('m2c', 2.7) });
    expect(threadIds(qc)).toEqual(['m4', 'm3', 'm2c', 'm2b', 'm2']);
    expect(conversations(qc)[0]!.lastMessage.id).toBe('m4');
  });

  it('reads the list again for a conversation it does not hold, and leaves a thread that is not loaded alone', async () => {
    const qc = client();
    applyPush(qc, { type: 'message', memberId: 'u9', message: msg('n1', 7, 'u9') });
    expect(qc.getQueryState(messageKeys.conversations)!.isInvalidated).toBe(true);
    expect(qc.getQueryData(messageKeys.thread('u9'))).toBeUndefined();
  });

  it('sets the unread counts the push says, in all and for the thread (a repeat changes nothing)', () => {
    const qc = client();
    const push = { type: 'messages_unread', count: 4, memberId: 'u2', threadUnread: 3 } as const;
    applyPush(qc, push);
    const before = qc.getQueryData(messageKeys.conversations);
    applyPush(qc, push);
    expect(qc.getQueryData(messageKeys.unread)).toEqual({ count: 4 });
    expect(conversations(qc).find((c) => c.member.id === 'u2')!.unreadCount).toBe(3);
    expect(qc.getQueryData(messageKeys.conversations)).toBe(before);
    // A total without a thread sets the total only.
    applyPush(qc, { type: 'messages_unread', count: 0 });
    expect(qc.getQueryData(messageKeys.unread)).toEqual({ count: 0 });
    expect(conversations(qc).find((c) => c.member.id === 'u2')!.unreadCount).toBe(3);
  });

  it('shows a removed message removed in the thread and as the last message', () => {
    const qc = client();
    applyPush(qc, { type: 'message_removed', memberId: 'u2', messageId: 'm3' });
    const m3 = qc.getQueryData<ThreadPages>(messageKeys.thread('u2'))!.pages[0]!.items.find((m) => m.id === 'm3')!;
    expect(m3).toMatchObject({ removed: true, text: null });
    expect(conversations(qc).find((c) => c.member.id === 'u2')!.lastMessage).toMatchObject({ removed: true, text: null });
  });

  it('sets the bell\u2019s count, reading the list again only when there are more unread than it holds', () => {
    const qc = client();
    qc.setQueryData(notificationsQuery.queryKey, { items: [], unreadCount: 2 });
    applyPush(qc, { type: 'notifications', unreadCount: 1 });
    expect(qc.getQueryData(notificationsQuery.queryKey)).toEqual({ items: [], unreadCount: 1 });
    expect(qc.getQueryState(notificationsQuery.queryKey)!.isInvalidated).toBe(false);
    applyPush(qc, { type: 'notifications', unreadCount: 5 });
    expect(qc.getQueryData(notificationsQuery.queryKey)).toMatchObject({ unreadCount: 5 });
    expect(qc.getQueryState(notificationsQuery.queryKey)!.isInvalidated).toBe(true);
  });

  it('reads an event and the events list again when something about the event changed', () => {
    const qc = client();
    qc.setQueryData(eventKeys.detail('e1'), { id: 'e1' });
    qc.setQueryData(eventKeys.detail('e2'), { id: 'e2' });
    qc.setQueryData(eventKeys.list, { pages: [], pageParams: [] });
    applyPush(qc, { type: 'event', eventId: 'e1', kind: 'promoted' });
    expect(qc.getQueryState(eventKeys.detail('e1'))!.isInvalidated).toBe(true);
    expect(qc.getQueryState(eventKeys.list)!.isInvalidated).toBe(true);
    expect(qc.getQueryState(eventKeys.detail('e2'))!.isInvalidated).toBe(false);
  });
});
