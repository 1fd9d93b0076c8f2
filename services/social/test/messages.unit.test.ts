import { describe, expect, it } from 'vitest';
import { DELETED_MEMBER_NAME, MESSAGE_LIMITS } from '@torcedor/shared/constants';
import { toAuthor } from '../src/domain/author.ts';
import { digestEmail, messageDigestLine, messageLine } from '../src/domain/digests.ts';
import {
  conversationView, dayWindow, hourWindow, mayMessage, mayWriteTo, memberView, messageTarget, messageView, newConversationsPerDay,
  secondsUntil, type ConversationItem, type MessageItem,
} from '../src/domain/messages.ts';

/** The pure rules of direct messages (docs/product.md, "Direct messages"): who may write, the windows, the views. */
const now = new Date('2026-03-14T15:42:10.500Z');
const msg = (over: Partial<MessageItem> = {}): MessageItem => ({
  messageId: 'm1', fromId: 'bruno', toId: 'ana', text: 'Damn fine maduro', removed: false, createdAt: now.toISOString(), ...over,
});

describe('mayMessage', () => {
  it.each([
    ['everyone', false, false, true], ['everyone', true, false, true],
    ['followers', false, false, false], ['followers', true, false, true],
    ['none', true, false, false], ['none', false, false, false],
    ['everyone', true, true, false], ['followers', true, true, false],
  ] as const)('%s, follows %s, blocked %s → %s', (allowDirectMessages, follows, blocked, ok) => {
    expect(mayMessage({ allowDirectMessages }, { follows, blocked })).toBe(ok);
  });

  it('nobody writes to a member social holds no copy of, nor to themselves', () => {
    expect(mayWriteTo('ana', { member: undefined, follows: true, blocked: false })).toBe(false);
    expect(mayWriteTo('ana', { member: toAuthor({}, 'ana'), follows: false, blocked: false })).toBe(false);
    expect(mayWriteTo('ana', { member: toAuthor({}, 'bruno'), follows: false, blocked: false })).toBe(true);
  });

  it("a copy from before the setting existed takes the default, 'everyone'", () => {
    expect(toAuthor({ displayName: 'Old' }, 'old').allowDirectMessages).toBe('everyone');
  });
});

describe('limits', () => {
  it('counts messages in the clock hour and new conversations in the UTC day, each ending on its boundary', () => {
    expect(hourWindow(now)).toMatchObject({ key: 'HOUR#2026-03-14T15', endsAt: new Date('2026-03-14T16:00:00.000Z') });
    expect(dayWindow(now)).toMatchObject({ key: 'DAY#2026-03-14', endsAt: new Date('2026-03-15T00:00:00.000Z') });
    expect(secondsUntil(hourWindow(now).endsAt, now)).toBe(1070);
    expect(secondsUntil(now, now)).toBe(1);
    // The counter outlives its window by an hour, then expires.
    expect(hourWindow(now).ttl).toBe(Date.parse('2026-03-14T17:00:00Z') / 1000);
  });

  it('premium benefits (a plan or a running trial) lift the new conversations a day; an ended one does not', () => {
    expect(newConversationsPerDay({ tier: 'free', until: null }, now)).toBe(MESSAGE_LIMITS.newConversationsPerDay.free);
    expect(newConversationsPerDay({ tier: 'trial', until: '2026-03-20T00:00:00Z' }, now)).toBe(MESSAGE_LIMITS.newConversationsPerDay.premium);
    expect(newConversationsPerDay({ tier: 'premium', until: '2026-03-01T00:00:00Z' }, now)).toBe(MESSAGE_LIMITS.newConversationsPerDay.free);
  });
});

describe('views', () => {
  it("masks a message with the reader's filter; a removed or hidden one has no text", () => {
    expect(messageView(msg(), 'strict').text).toBe('D*** fine maduro');
    expect(messageView(msg(), 'minimal').text).toBe('Damn fine maduro');
    expect(messageView(msg({ text: null, removed: true }), 'minimal')).toMatchObject({ text: null, removed: true });
    expect(messageView(msg({ isHidden: true }), 'minimal')).toMatchObject({ text: null, removed: true });
  });

  it("shows a member social holds no copy of as 'Deleted member'", () => {
    expect(memberView('gone', undefined)).toEqual({ id: 'gone', displayName: DELETED_MEMBER_NAME, profileImageUrl: null, premium: false, deleted: true });
    expect(memberView('ana', toAuthor({ displayName: 'Ana' }, 'ana'))).toMatchObject({ displayName: 'Ana', deleted: false });
  });

  it('never shows a negative unread count', () => {
    const c: ConversationItem = { userId: 'ana', otherId: 'bruno', lastMessage: msg(), updatedAt: now.toISOString(), startedAt: now.toISOString(), unreadCount: -1 };
    expect(conversationView(c, undefined, 'standard').unreadCount).toBe(0);
  });

  it('reads a report target `<otherMemberId>:<messageId>` and nothing else', () => {
    expect(messageTarget('bruno:m1')).toEqual({ otherId: 'bruno', messageId: 'm1' });
    expect(messageTarget('m1')).toBeNull();
    expect(messageTarget('a:b:c')).toBeNull();
  });
});

describe('the digest line', () => {
  const c = (last: MessageItem, unreadCount: number): ConversationItem =>
    ({ userId: 'ana', otherId: 'bruno', lastMessage: last, updatedAt: last.createdAt, startedAt: last.createdAt, unreadCount });

  it("quotes the other member's last message, masked by the reader's filter, shortened", () => {
    expect(messageLine(messageDigestLine(c(msg(), 2), 'Bruno', 'strict'))).toBe('Bruno sent you 2 messages: "D*** fine maduro"');
    const long = messageDigestLine(c(msg({ text: 'x'.repeat(200) }), 1), 'Bruno', 'standard');
    expect(long.excerpt).toHaveLength(80);
    expect(messageLine(long)).toMatch(/^Bruno sent you a message: "x+…"$/);
  });

  it("puts the conversations first, counts their messages in the subject and links the message kind's unsubscribe page", () => {
    const follow = { id: 'n', type: 'follow' as const, actorId: 'a', actorName: 'Ana', actorImageUrl: null, actorPremium: false, targetId: null, excerpt: null, read: false, createdAt: '' };
    const lines = [{ name: 'Bruno', unread: 2, excerpt: 'See you at 8' }, { name: 'Carla', unread: 1, excerpt: null }];
    const links = { app: 'https://club.example/messages', settings: 'https://club.example/settings', unsubscribe: { messages: 'https://club.example/unsubscribe?token=m' } };
    const both = digestEmail([follow], 1, links, lines);
    expect(both.subject).toBe('You have 3 unread messages and 1 new notification on Torcedor');
    expect(both.list).toEqual(['Bruno sent you 2 messages: "See you at 8"', 'Carla sent you a message', 'Ana started following you']);
    expect(both.footer.links).toContainEqual({ label: 'Unsubscribe from direct message emails', url: 'https://club.example/unsubscribe?token=m' });
    expect(digestEmail([], 0, links, [lines[1]!]).subject).toBe('You have 1 unread message on Torcedor');
    expect(digestEmail([follow], 1, links).subject).toBe('You have 1 new notification on Torcedor');
  });

  it("says 'Message removed' for a removed one, and quotes nothing when the reader wrote last", () => {
    expect(messageLine(messageDigestLine(c(msg({ text: null, removed: true }), 1), 'Bruno', 'standard'))).toBe('Bruno sent you a message: "Message removed"');
    expect(messageLine(messageDigestLine(c(msg({ text: null, removed: true }), 1), 'Bruno', 'standard', 'it'), 'it')).toBe('Bruno ti ha inviato un messaggio: «Messaggio rimosso»');
    expect(messageLine(messageDigestLine(c(msg({ fromId: 'ana', toId: 'bruno' }), 1), 'Bruno', 'standard'))).toBe('Bruno sent you a message');
  });
});
