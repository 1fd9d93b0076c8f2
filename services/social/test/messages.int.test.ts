import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { readInbox } from '@torcedor/local/src/aws/ses.ts';
import { publishedEvents } from '@torcedor/local/src/testing/service-env.ts';
import { MESSAGE_LIMITS, MESSAGES_CLOSED_MESSAGE } from '@torcedor/shared/constants';
import { socialFixture, type Member } from './fixture.ts';

/**
 * Direct messages (docs/product.md, "Direct messages"; the service README, "Messages"), through social's HTTP function
 * and worker on DynamoDB Local: who may write to whom, the thread's privacy, exact unread counts and limits under
 * parallel sends, idempotent retries, removal, reports, a member's deletion and the notification digest.
 */
let f: Awaited<ReturnType<typeof socialFixture>>;
let keys: typeof import('../src/store/keys.ts').keys;
let store: typeof import('../src/store/messages.ts');

beforeAll(async () => {
  f = await socialFixture();
  keys = (await import('../src/store/keys.ts')).keys;
  store = await import('../src/store/messages.ts');
});

type Dm = 'everyone' | 'followers' | 'none';
const member = (name: string, profile: Record<string, unknown> = {}) => f.member(name, { profile });
/** `n` members, created 10 at a time (as the other suites do: the local bus's deliveries are the fixture's own). */
async function members(n: number, prefix: string): Promise<Member[]> {
  const out: Member[] = [];
  while (out.length < n) out.push(...await Promise.all(Array.from({ length: Math.min(10, n - out.length) }, (_, i) => member(`${prefix}${out.length + i}`))));
  return out;
}
const send = (from: Member, to: string, text = 'Hola, a Lancero tonight?', key?: string) =>
  f.as(from)('POST', '/api/messages', { body: { to, text }, headers: key ? { 'Idempotency-Key': key } : {} });
/**
 * A send as the page makes it: with an Idempotency-Key, sent again with the same key after a 503 (a transaction that
 * lost too many conflicts on a busy item changed nothing: docs/api.md) or while the first attempt still runs.
 */
async function sendAsThePageDoes(from: Member, to: string, text = 'Hola, a Lancero tonight?') {
  const key = `dm-${randomUUID()}`;
  for (let attempt = 1; ; attempt++) {
    const res = await send(from, to, text, key);
    const retry = res.status === 503 || (res.status === 409 && res.body.code === 'IDEMPOTENCY_IN_PROGRESS');
    if (!retry || attempt === 10) return res;
    await new Promise((r) => setTimeout(r, 250 * attempt));
  }
}
const thread = (reader: Member, otherId: string, cursor?: string) =>
  f.as(reader)('GET', `/api/messages/${otherId}`, { pathParameters: { memberId: otherId }, ...(cursor ? { query: { cursor } } : {}) });
const conversations = (reader: Member, cursor?: string) => f.as(reader)('GET', '/api/messages', cursor ? { query: { cursor } } : {});
const unread = async (reader: Member) => {
  const r = await f.as(reader)('GET', '/api/messages/unread');
  expect(r.status).toBe(200);
  return r.body.count as number;
};
const markRead = (reader: Member, otherId: string) =>
  f.as(reader)('POST', `/api/messages/${otherId}/read`, { pathParameters: { memberId: otherId } });
const remove = (reader: Member, otherId: string, messageId: string) =>
  f.as(reader)('DELETE', `/api/messages/${otherId}/${messageId}`, { pathParameters: { memberId: otherId, messageId } });
const follow = async (follower: Member, followee: Member) =>
  expect((await f.as(follower)('POST', `/api/follow/${followee.userId}`, { pathParameters: { id: followee.userId } })).status).toBe(200);
const block = async (blocker: Member, blocked: Member, method: 'POST' | 'DELETE' = 'POST') =>
  expect((await f.as(blocker)(method, `/api/members/${blocked.userId}/block`, { pathParameters: { id: blocked.userId } })).status).toBe(200);
const profile = (viewer: Member, id: string) => f.as(viewer)('GET', `/api/users/${id}`, { pathParameters: { id } });
/** A member social holds the profile of, without a session (a recipient only). */
const recipient = async (changes: Record<string, unknown> = {}) => {
  const m = { userId: randomUUID(), name: `R${Math.random().toString(36).slice(2, 6)}` };
  await f.profile(m, changes);
  return m;
};
const partitionCount = async (pk: string) => (await f.ddb.ddb.send(new QueryCommand({
  TableName: f.ddb.TABLE, Select: 'COUNT', KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true,
}))).Count ?? 0;
const deleted = (m: { userId: string }) => f.send('UserDeleted', { userId: m.userId, deletedAt: new Date().toISOString() });

describe("who may message whom: the recipient's 'Direct messages from'", () => {
  const cases: [Dm, boolean, number][] = [
    ['everyone', true, 201], ['everyone', false, 201],
    ['followers', true, 201], ['followers', false, 403],
    ['none', true, 403], ['none', false, 403],
  ];
  it.each(cases)('%s, the sender a follower: %s → %i (and the profile says so)', async (setting, follower, status) => {
    const ana = await member('Ana', { allowDirectMessages: setting });
    const bruno = await member('Bruno');
    if (follower) await follow(bruno, ana);
    expect((await profile(bruno, ana.userId)).body.canMessage).toBe(status === 201);
    const r = await send(bruno, ana.userId);
    expect(r.status).toBe(status);
    if (status === 403) {
      expect(r.body).toEqual({ code: 'MESSAGES_CLOSED', message: MESSAGES_CLOSED_MESSAGE });
      expect(await unread(ana)).toBe(0);
      expect((await conversations(ana)).body.items).toEqual([]);
    } else {
      expect(r.body).toMatchObject({ fromId: bruno.userId, toId: ana.userId, text: 'Hola, a Lancero tonight?', removed: false });
      expect(await unread(ana)).toBe(1);
    }
  });

  it('a following that ends closes a followers-only member again; their own setting never stops them replying to others', async () => {
    const ana = await member('Ana', { allowDirectMessages: 'followers' });
    const bruno = await member('Bruno', { allowDirectMessages: 'none' });
    await follow(bruno, ana);
    expect((await send(bruno, ana.userId)).status).toBe(201);
    // Ana may not write to Bruno ('none'), whatever she received from him.
    expect((await send(ana, bruno.userId)).status).toBe(403);
    expect((await thread(ana, bruno.userId)).body.canReply).toBe(false);
    expect((await f.as(bruno)('DELETE', `/api/follow/${ana.userId}`, { pathParameters: { id: ana.userId } })).status).toBe(200);
    expect((await send(bruno, ana.userId)).status).toBe(403);
    expect((await thread(bruno, ana.userId)).body.canReply).toBe(false);
  });

  it('refuses oneself (400), an unknown or deleted member (404) and a sender whose address is not verified (403)', async () => {
    const ana = await member('Ana');
    expect((await send(ana, ana.userId)).body.code).toBe('SELF_MESSAGE');
    expect((await send(ana, ana.userId)).status).toBe(400);
    expect((await send(ana, randomUUID())).status).toBe(404);
    const gone = await member('Gone');
    await deleted(gone);
    expect((await send(ana, gone.userId)).status).toBe(404);
    const unverified = await member('Nova', { emailVerified: false });
    const r = await send(unverified, ana.userId);
    expect([r.status, r.body.code]).toEqual([403, 'EMAIL_UNVERIFIED']);
    // Text is trimmed and 1 to 2,000 characters.
    expect((await send(ana, (await member('Bea')).userId, '   ')).status).toBe(400);
    expect((await send(ana, (await member('Bea')).userId, 'x'.repeat(2001))).status).toBe(400);
  });

  it('a block either way closes both directions with the same answer, and unblocking opens them again', async () => {
    const ana = await member('Ana');
    const bruno = await member('Bruno');
    expect((await send(bruno, ana.userId)).status).toBe(201);
    await block(ana, bruno);
    for (const [from, to] of [[bruno, ana], [ana, bruno]] as const) {
      const r = await send(from, to.userId);
      expect([r.status, r.body]).toEqual([403, { code: 'MESSAGES_CLOSED', message: MESSAGES_CLOSED_MESSAGE }]);
    }
    expect((await thread(bruno, ana.userId)).body.canReply).toBe(false);
    expect((await profile(bruno, ana.userId)).body.canMessage).toBe(false);
    await block(ana, bruno, 'DELETE');
    expect((await send(bruno, ana.userId)).status).toBe(201);
    expect((await send(ana, bruno.userId)).status).toBe(201);
  });
});

describe('threads and conversations', () => {
  it('only the two members read their thread: a third member finds only their own, empty one, and cannot remove or report its messages (404)', async () => {
    const [ana, bruno, carla] = await Promise.all([member('Ana'), member('Bruno'), member('Carla')]);
    const sent = (await send(ana, bruno.userId, 'Private: the Padron is for you')).body;
    const hers = await thread(ana, bruno.userId);
    const his = await thread(bruno, ana.userId);
    expect(hers.body.items.map((m: { id: string }) => m.id)).toEqual([sent.id]);
    expect(his.body).toMatchObject({ member: { id: ana.userId, displayName: 'Ana', deleted: false }, canReply: true, nextCursor: null });
    expect(his.body.items[0].text).toBe('Private: the Padron is for you');
    for (const other of [ana, bruno]) {
      // Carla's thread with either is hers: empty, open for a first message.
      const own = await thread(carla, other.userId);
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({ member: { id: other.userId, deleted: false }, items: [], nextCursor: null, canReply: true });
      expect((await markRead(carla, other.userId)).status).toBe(404);
    }
    expect((await thread(carla, randomUUID())).status).toBe(404);
    expect((await remove(carla, ana.userId, sent.id)).status).toBe(404);
    expect((await remove(carla, bruno.userId, sent.id)).status).toBe(404);
    const report = await f.as(carla)('POST', '/api/reports', { body: { targetType: 'message', targetId: `${ana.userId}:${sent.id}`, reason: 'Spam' } });
    expect(report.status).toBe(404);
    expect((await conversations(carla)).body.items).toEqual([]);
    expect((await thread(ana, ana.userId)).status).toBe(404);
  });

  it('lists conversations newest first with the other member, the last message and the unread count, paged', async () => {
    const ana = await member('Ana');
    const others = await members(MESSAGE_LIMITS.pageSize + 2, 'Fan');
    for (const [i, o] of others.entries()) expect((await send(o, ana.userId, `Message ${i}`)).status).toBe(201);
    expect((await send(ana, others[0]!.userId, 'Reply to the first')).status).toBe(201);
    const first = await conversations(ana);
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(MESSAGE_LIMITS.pageSize);
    // The first conversation moved to the top with Ana's reply; then the newest first.
    expect(first.body.items[0]).toMatchObject({ member: { id: others[0]!.userId, displayName: 'Fan0' }, lastMessage: { text: 'Reply to the first', fromId: ana.userId }, unreadCount: 1 });
    expect(first.body.items[1]).toMatchObject({ member: { id: others.at(-1)!.userId }, lastMessage: { text: `Message ${others.length - 1}` }, unreadCount: 1 });
    const second = await conversations(ana, first.body.nextCursor);
    expect(second.body.nextCursor).toBeNull();
    const ids = [...first.body.items, ...second.body.items].map((c: { member: { id: string } }) => c.member.id);
    expect(new Set(ids).size).toBe(others.length);
    expect(await unread(ana)).toBe(others.length);
    // Reading one thread takes its count off the total, exactly.
    const read = await markRead(ana, others[5]!.userId);
    expect(read.body).toEqual({ unreadCount: others.length - 1 });
    expect(await unread(ana)).toBe(others.length - 1);
    expect((await markRead(ana, others[5]!.userId)).body).toEqual({ unreadCount: others.length - 1 });
  });

  it('pages a thread newest first', async () => {
    const [ana, bruno] = await Promise.all([member('Ana'), member('Bruno')]);
    const total = MESSAGE_LIMITS.pageSize + 3;
    for (let i = 0; i < total; i++) expect((await send(i % 2 ? ana : bruno, i % 2 ? bruno.userId : ana.userId, `#${i}`)).status).toBe(201);
    const first = await thread(ana, bruno.userId);
    expect(first.body.items.map((m: { text: string }) => m.text).slice(0, 3)).toEqual([`#${total - 1}`, `#${total - 2}`, `#${total - 3}`]);
    const second = await thread(ana, bruno.userId, first.body.nextCursor);
    expect(second.body.items.map((m: { text: string }) => m.text)).toEqual(['#2', '#1', '#0']);
    expect(second.body.nextCursor).toBeNull();
  });

  it("masks what the reader reads with the reader's own content filter, never what is stored", async () => {
    const ana = await member('Ana', { contentFilter: 'minimal' });
    const bruno = await member('Bruno', { contentFilter: 'strict' });
    const sent = await send(ana, bruno.userId, 'Damn, this Cohiba is good');
    expect(sent.body.text).toBe('Damn, this Cohiba is good');
    expect((await thread(bruno, ana.userId)).body.items[0].text).toBe('D***, this Cohiba is good');
    expect((await conversations(bruno)).body.items[0].lastMessage.text).toBe('D***, this Cohiba is good');
    expect((await thread(ana, bruno.userId)).body.items[0].text).toBe('Damn, this Cohiba is good');
  });

  it('its author removes a message: both see it removed, in the thread and the conversation list; the other member cannot', async () => {
    const [ana, bruno] = await Promise.all([member('Ana'), member('Bruno')]);
    const first = (await send(ana, bruno.userId, 'First')).body;
    const last = (await send(ana, bruno.userId, 'Oops, wrong person')).body;
    expect((await remove(bruno, ana.userId, last.id)).status).toBe(404);
    const r = await remove(ana, bruno.userId, last.id);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: last.id, text: null, removed: true });
    for (const [reader, other] of [[ana, bruno], [bruno, ana]] as const) {
      const items = (await thread(reader, other.userId)).body.items;
      expect(items.map((m: { text: string | null; removed: boolean }) => [m.text, m.removed])).toEqual([[null, true], ['First', false]]);
      expect((await conversations(reader)).body.items[0].lastMessage).toMatchObject({ id: last.id, text: null, removed: true });
    }
    // A repeat answers the same; the unread count stays (the message is there, removed).
    expect((await remove(ana, bruno.userId, last.id)).body).toMatchObject({ removed: true });
    expect(await unread(bruno)).toBe(2);
    // Removing an older message leaves the conversation's last message as it is.
    await remove(ana, bruno.userId, first.id);
    expect((await conversations(bruno)).body.items[0].lastMessage.id).toBe(last.id);
  });
});

describe('exact under concurrency, once per request', () => {
  it('50 members writing to one at once leave exactly 50 unread, one per conversation', async () => {
    const ana = await member('Ana');
    const senders = await members(50, 'P');
    const answers = await Promise.all(senders.map((s) => sendAsThePageDoes(s, ana.userId)));
    expect(answers.map((a) => a.status)).toEqual(senders.map(() => 201));
    expect(await unread(ana)).toBe(50);
    const page1 = await conversations(ana);
    const page2 = await conversations(ana, page1.body.nextCursor);
    const all = [...page1.body.items, ...page2.body.items];
    expect(all).toHaveLength(50);
    expect(all.every((c: { unreadCount: number }) => c.unreadCount === 1)).toBe(true);
  });

  it('one member writing 20 messages at once to another leaves 20 unread in that thread, and the last one last', async () => {
    const [ana, bruno] = await Promise.all([member('Ana'), member('Bruno')]);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => sendAsThePageDoes(bruno, ana.userId, `Burst ${i}`)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    expect(await unread(ana)).toBe(20);
    const [c] = (await conversations(ana)).body.items;
    expect(c.unreadCount).toBe(20);
    const newest = answers.map((a) => a.body).sort((x, y) => y.createdAt.localeCompare(x.createdAt))[0];
    expect(c.lastMessage.createdAt).toBe(newest.createdAt);
    expect((await markRead(ana, bruno.userId)).body).toEqual({ unreadCount: 0 });
  });

  it('a retry with the same Idempotency-Key answers the same message and writes nothing twice', async () => {
    const [ana, bruno] = await Promise.all([member('Ana'), member('Bruno')]);
    const key = `dm-${randomUUID()}`;
    const first = await send(bruno, ana.userId, 'Once only', key);
    const again = await send(bruno, ana.userId, 'Once only', key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await thread(ana, bruno.userId)).body.items).toHaveLength(1);
    expect(await unread(ana)).toBe(1);
    // A rerun of a send that committed (a timeout: the kit runs it again with the id from the key) finds its message.
    const rerun = await store.sendMessage(
      { messageId: first.body.id, fromId: bruno.userId, toId: ana.userId, text: 'Once only' },
      { newConversationsPerDay: 20, senderFilter: 'standard', recipientFilter: 'standard' },
    );
    expect(rerun).toMatchObject({ ok: true, message: { messageId: first.body.id, createdAt: first.body.createdAt } });
    expect((await thread(ana, bruno.userId)).body.items).toHaveLength(1);
    expect(await unread(ana)).toBe(1);
  });

  it(`${MESSAGE_LIMITS.perHour} messages an hour: of 64 sent at once exactly ${MESSAGE_LIMITS.perHour} go, the rest are 429 with Retry-After to the hour's end`, async () => {
    const sender = await member('Chatty');
    await f.plan(sender, 'premium');
    const to = await Promise.all(Array.from({ length: 4 }, () => recipient()));
    const answers = await Promise.all(Array.from({ length: 64 }, (_, i) => sendAsThePageDoes(sender, to[i % 4]!.userId, `n${i}`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MESSAGE_LIMITS.perHour);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(64 - MESSAGE_LIMITS.perHour);
    const toHourEnd = 3600 - Math.floor((Date.now() % 3_600_000) / 1000);
    for (const r of refused) {
      expect(r.body.code).toBe('MESSAGE_LIMIT');
      expect(Math.abs(Number(r.headers['retry-after']) - toHourEnd)).toBeLessThanOrEqual(5);
    }
  });

  it(`${MESSAGE_LIMITS.newConversationsPerDay.free} new conversations a day for a free member (not replies), more with premium`, async () => {
    const free = await member('Free');
    const premium = await member('Prem');
    await f.plan(premium, 'premium');
    const to = await Promise.all(Array.from({ length: MESSAGE_LIMITS.newConversationsPerDay.free + 1 }, () => recipient()));
    const firsts = await Promise.all(to.slice(0, -1).map((r) => sendAsThePageDoes(free, r.userId)));
    expect(firsts.map((a) => a.status)).toEqual(firsts.map(() => 201));
    const over = await send(free, to.at(-1)!.userId);
    expect([over.status, over.body.code]).toEqual([429, 'MESSAGE_LIMIT']);
    const toMidnight = 86_400 - Math.floor((Date.now() % 86_400_000) / 1000);
    expect(Math.abs(Number(over.headers['retry-after']) - toMidnight)).toBeLessThanOrEqual(5);
    // A message in a conversation already started is not a new one; nor is a reply to a member who wrote first.
    expect((await send(free, to[0]!.userId, 'And another thing')).status).toBe(201);
    const writer = await member('Writer');
    expect((await send(writer, free.userId)).status).toBe(201);
    expect((await send(free, writer.userId, 'Thanks!')).status).toBe(201);
    const all = await Promise.all(to.map((r) => sendAsThePageDoes(premium, r.userId)));
    expect(all.map((a) => a.status)).toEqual(all.map(() => 201));
  });
});

describe('live pushes', () => {
  it('a send pushes the message to both members and the new unread counts to the recipient; reading pushes them to the reader', async () => {
    const [ana, bruno] = await Promise.all([member('Ana'), member('Bruno')]);
    const sent = (await send(bruno, ana.userId, 'Live?')).body;
    const pushes = async () => (await publishedEvents(f.pool()))
      .filter((e) => e.DetailType === 'LiveUpdate').map((e) => JSON.parse(e.Detail!) as { userId: string; push: Record<string, unknown> })
      .filter((d) => d.userId === ana.userId || d.userId === bruno.userId);
    const after = await pushes();
    expect(after).toEqual(expect.arrayContaining([
      expect.objectContaining({ userId: ana.userId, push: { type: 'message', memberId: bruno.userId, message: sent } }),
      expect.objectContaining({ userId: bruno.userId, push: { type: 'message', memberId: ana.userId, message: sent } }),
      expect.objectContaining({ userId: ana.userId, push: { type: 'messages_unread', count: 1, memberId: bruno.userId, threadUnread: 1 } }),
    ]));
    await markRead(ana, bruno.userId);
    expect(await pushes()).toEqual(expect.arrayContaining([
      expect.objectContaining({ userId: ana.userId, push: { type: 'messages_unread', count: 0, memberId: bruno.userId, threadUnread: 0 } }),
    ]));
    await remove(bruno, ana.userId, sent.id);
    const removed = (await pushes()).filter((d) => d.push.type === 'message_removed');
    expect(removed.map((d) => d.userId).sort()).toEqual([ana.userId, bruno.userId].sort());
  });
});

describe('reports', () => {
  it('a member reports a message sent to them into the moderation queue; a hide shows it removed to both', async () => {
    const [ana, bruno] = await Promise.all([member('Ana'), member('Bruno')]);
    const owner = await f.member('Owner', { owner: true });
    const sent = (await send(bruno, ana.userId, 'Buy my cheap cigars at example.com')).body;
    const targetId = `${bruno.userId}:${sent.id}`;
    // Not one's own message, and only in one's own thread.
    expect((await f.as(bruno)('POST', '/api/reports', { body: { targetType: 'message', targetId: `${ana.userId}:${sent.id}`, reason: 'Mine' } })).status).toBe(404);
    const r = await f.as(ana)('POST', '/api/reports', { body: { targetType: 'message', targetId, reason: 'Spam' } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ targetType: 'message', targetId, excerpt: 'Buy my cheap cigars at example.com', status: 'open' });
    const queue = await f.as(owner)('GET', '/api/reports');
    expect(queue.body.find((q: { id: string }) => q.id === r.body.id)).toMatchObject({ targetType: 'message', reporterId: ana.userId });
    const hide = await f.as(owner)('POST', `/api/reports/${r.body.id}/resolve`, { pathParameters: { id: r.body.id }, body: { action: 'hide' } });
    expect(hide.status).toBe(200);
    for (const [reader, other] of [[ana, bruno], [bruno, ana]] as const) {
      expect((await thread(reader, other.userId)).body.items[0]).toMatchObject({ id: sent.id, text: null, removed: true });
      expect((await conversations(reader)).body.items[0].lastMessage).toMatchObject({ text: null, removed: true });
    }
  });
});

describe("a member's deletion", () => {
  it("takes their messages and conversations away for both sides, the other's unread with them (a repeat changes nothing)", async () => {
    const [ana, bruno, carla] = await Promise.all([member('Ana'), member('Bruno'), member('Carla')]);
    for (let i = 0; i < 3; i++) expect((await send(ana, bruno.userId, `From Ana ${i}`)).status).toBe(201);
    expect((await send(bruno, ana.userId, 'From Bruno')).status).toBe(201);
    expect((await send(carla, bruno.userId, 'From Carla')).status).toBe(201);
    expect((await send(ana, carla.userId, 'To Carla')).status).toBe(201);
    expect(await unread(bruno)).toBe(4);
    for (let i = 0; i < 2; i++) await deleted(ana);
    expect(await unread(bruno)).toBe(1);
    expect((await conversations(bruno)).body.items.map((c: { member: { id: string } }) => c.member.id)).toEqual([carla.userId]);
    expect((await conversations(carla)).body.items.map((c: { member: { id: string } }) => c.member.id)).toEqual([bruno.userId]);
    expect(await unread(carla)).toBe(0);
    expect((await thread(bruno, ana.userId)).status).toBe(404);
    expect(await partitionCount(keys.thread(ana.userId, bruno.userId))).toBe(0);
    expect(await partitionCount(keys.thread(ana.userId, carla.userId))).toBe(0);
    expect(await partitionCount(keys.conversations(ana.userId))).toBe(0);
    expect(await partitionCount(keys.messageLimits(ana.userId))).toBe(0);
    // The thread of the two who remain is untouched.
    expect((await thread(bruno, carla.userId)).body.items).toHaveLength(1);
  });

  it('of the recipient: the sender keeps no conversation with them', async () => {
    const [ana, bruno] = await Promise.all([member('Ana'), member('Bruno')]);
    expect((await send(ana, bruno.userId)).status).toBe(201);
    expect((await send(bruno, ana.userId)).status).toBe(201);
    await deleted(bruno);
    expect((await conversations(ana)).body.items).toEqual([]);
    expect(await unread(ana)).toBe(0);
    expect(await partitionCount(keys.thread(ana.userId, bruno.userId))).toBe(0);
  });

  it("a conversation whose member's copy went before their deletion reached it shows 'Deleted member'", async () => {
    const [ana, bruno] = await Promise.all([member('Ana'), member('Bruno')]);
    expect((await send(bruno, ana.userId)).status).toBe(201);
    const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
    await f.ddb.ddb.send(new DeleteCommand({ TableName: f.ddb.TABLE, Key: keys.author(bruno.userId) }));
    const [c] = (await conversations(ana)).body.items;
    expect(c.member).toEqual({ id: bruno.userId, displayName: 'Deleted member', profileImageUrl: null, premium: false, deleted: true });
    expect((await thread(ana, bruno.userId)).body).toMatchObject({ member: { deleted: true }, canReply: false });
  });
});

describe('the notification digest', () => {
  const inbox = async (to: string) => (await readInbox(inject('localAws').sesEndpoint)).filter((m) => m.destination.to.includes(to));

  it('lists unread messages when message emails are on, and not when they are off', async () => {
    const bruno = await member('Bruno');
    const on = await member('Ana');
    const off = await member('Dora', { messageNotifications: false });
    const [onMail, offMail] = [`dm-on-${randomUUID().slice(0, 8)}@example.com`, `dm-off-${randomUUID().slice(0, 8)}@example.com`];
    await f.mailTo(on, 1, onMail);
    await f.mailTo(off, 1, offMail);
    expect((await send(bruno, on.userId, 'Are you coming <tonight>?')).status).toBe(201);
    expect((await send(bruno, on.userId, 'The lounge opens at 8')).status).toBe(201);
    expect((await send(bruno, off.userId, 'Hi Dora')).status).toBe(201);
    await f.tick('notification_digests');
    const [mail, ...more] = await inbox(onMail);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('You have 2 unread messages on Torcedor');
    expect(mail!.body.text).toContain('- Bruno sent you 2 messages: "The lounge opens at 8"');
    expect(mail!.body.text).toMatch(/Unsubscribe from direct message emails: \S+/);
    expect(await inbox(offMail)).toEqual([]);
  });

  it("lists them in the recipient's language", async () => {
    const bruno = await member('Bruno');
    const greta = await member('Greta', { language: 'de' });
    const email = `dm-de-${randomUUID().slice(0, 8)}@example.com`;
    await f.mailTo(greta, 1, email);
    expect((await send(bruno, greta.userId, 'Kommst du heute Abend?')).status).toBe(201);
    await f.tick('notification_digests');
    const [mail] = await inbox(email);
    expect(mail!.subject).toBe('Sie haben 1 ungelesene Nachricht bei Torcedor');
    expect(mail!.body.text).toContain('- Bruno hat Ihnen eine Nachricht geschickt: „Kommst du heute Abend?“');
    expect(mail!.body.text).toMatch(/^E-Mails zu Direktnachrichten abbestellen: \S+$/m);
  });

  it('leaves out messages already read', async () => {
    const bruno = await member('Bruno');
    const ana = await member('Ana');
    const email = `dm-read-${randomUUID().slice(0, 8)}@example.com`;
    await f.mailTo(ana, 1, email);
    expect((await send(bruno, ana.userId, 'Seen already')).status).toBe(201);
    await markRead(ana, bruno.userId);
    await f.tick('notification_digests');
    expect(await inbox(email)).toEqual([]);
  });
});
