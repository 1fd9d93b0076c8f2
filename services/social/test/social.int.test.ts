import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { publishedEvents } from '@torcedor/local/src/testing/service-env.ts';
import { busEvent, deliver } from '../../kit/test/bus.ts';
import { call } from '../../kit/test/http-event.ts';
import { socialFixture, type Member } from './fixture.ts';

/** A low fan-out threshold, so the celebrity path runs with a handful of members. */
const THRESHOLD = 3;

let http: Parameters<typeof call>[0];
let worker: (e: unknown, c: unknown) => Promise<unknown>;
let ddb: typeof import('@torcedor/service-kit/ddb');
let keys: typeof import('../src/store/keys.ts').keys;
let social: Awaited<ReturnType<typeof socialFixture>>;
const pool = () => social.pool();

beforeAll(async () => {
  social = await socialFixture({ SOCIAL_FANOUT_THRESHOLD: String(THRESHOLD) });
  ({ http, worker, ddb } = social);
  keys = (await import('../src/store/keys.ts')).keys;
});

/** identity's profile event for a member, as the worker receives it (fixture.ts). */
const profile = (m: { userId: string; name: string }, changes: Record<string, unknown> = {}) => social.profile(m, changes);
const member = (name?: string, opts: { owner?: boolean } = {}) => social.member(name, opts);
/** Delivers every event social published and consumes itself that was not delivered yet (fixture.ts). */
const drain = () => social.drain();
const as = (m: Member) => ({ cookies: m.cookies });
const post = async (m: Member, content: string) => {
  const r = await call(http, 'POST', '/api/posts', { ...as(m), body: { content, postType: 'text' } });
  expect(r.status).toBe(201);
  return r.body as { id: string };
};
const feed = async (m: Member, cursor?: string) => {
  const r = await call(http, 'GET', '/api/feed', { ...as(m), ...(cursor ? { query: { cursor } } : {}) });
  expect(r.status).toBe(200);
  return r.body as { items: { id: string; content: string; likeCount: number; commentCount: number; likedByMe: boolean; userName: string }[]; nextCursor: string | null };
};
const followReq = (a: Member, b: Member, method: 'POST' | 'DELETE' = 'POST') =>
  call(http, method, `/api/follow/${b.userId}`, { ...as(a), pathParameters: { id: b.userId } });

async function countItems(pk: string, prefix = '', index?: 'GSI1') {
  const pkName = index ? 'GSI1PK' : 'PK';
  const out = await ddb.ddb.send(new QueryCommand({
    TableName: ddb.TABLE, IndexName: index, Select: 'COUNT',
    KeyConditionExpression: prefix ? `${pkName} = :pk AND begins_with(SK, :p)` : `${pkName} = :pk`,
    ExpressionAttributeValues: { ':pk': pk, ...(prefix ? { ':p': prefix } : {}) },
  }));
  return out.Count ?? 0;
}
/** Runs the tasks with at most `n` in flight: concurrent, yet within what one DynamoDB Local process answers in time. */
async function inParallel<T>(tasks: (() => Promise<T>)[], n: number): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < tasks.length) {
      const i = next++;
      out[i] = await tasks[i]!();
    }
  }));
  return out;
}
/** The like items of a post, over its like partitions (store/keys.ts, LIKE_SHARDS). */
async function storedLikes(postId: string) {
  let n = 0;
  for (const b of keys.likeShards()) n += await countItems(keys.postLikes(postId, b), 'LIKE#');
  return n;
}
/** What a post's like counters add up to (read consistently). */
const counted = async (postId: string) => (await import('../src/store/likes.ts')).readLikeCount(postId);
/** The like items of a post once the same count was read twice, 300 ms apart (no transaction is still landing). */
async function settledLikes(postId: string) {
  let last = -1;
  for (let i = 0; i < 40; i++) {
    const n = await storedLikes(postId);
    if (n === last && (await counted(postId)) === n) return n;
    last = n;
    await new Promise((r) => setTimeout(r, 300));
  }
  return last;
}
const shuffle = <T,>(xs: T[]) => xs.map((x) => [Math.random(), x] as const).sort((a, b) => a[0] - b[0]).map(([, x]) => x);

describe('posts and the feed', () => {
  it('needs a session; a new member has an empty first page', async () => {
    expect((await call(http, 'GET', '/api/feed')).status).toBe(401);
    const m = await member();
    expect(await feed(m)).toEqual({ items: [], nextCursor: null });
  });

  it('validates posts: trimmed, non-empty, at most 2,000 characters, an image post needs an uploaded picture', async () => {
    const m = await member();
    for (const body of [{ content: '   ', postType: 'text' }, { content: 'x'.repeat(2001), postType: 'text' }, { content: 'hi', postType: 'image' }, { content: 'hi', postType: 'text', imageUrl: '../etc/passwd' }]) {
      const r = await call(http, 'POST', '/api/posts', { ...as(m), body });
      expect(r.status).toBe(400);
    }
    const r = await call(http, 'POST', '/api/posts', { ...as(m), body: { content: '  Padron 1964 tonight  ', postType: 'text' } });
    expect(r.body).toMatchObject({ content: 'Padron 1964 tonight', likeCount: 0, commentCount: 0, likedByMe: false, userName: m.name });
    // The author sees their own post at once, before any worker ran.
    expect((await feed(m)).items.map((p) => p.id)).toEqual([r.body.id]);
    // Someone else's picture cannot be attached.
    const other = randomUUID();
    const bad = await call(http, 'POST', '/api/posts', { ...as(m), body: { content: 'look', postType: 'image', imageUrl: `incoming/${other}/abcdefghijklmnopqrstuvwx` } });
    expect([bad.status, bad.body.code]).toEqual([400, 'INVALID_UPLOAD']);
    // A registered path is no upload to register again (the browser never writes there).
    const registered = await call(http, 'POST', '/api/posts', { ...as(m), body: { content: 'look', postType: 'image', imageUrl: `uploads/${m.userId}/abcdefghijklmnopqrstuvwx` } });
    expect([registered.status, registered.body.code]).toEqual([400, 'VALIDATION']);
  });

  it('fans a post out to followers, pages with a cursor, back-fills on follow and stops on unfollow', async () => {
    const [author, reader, late] = [await member('Author'), await member('Reader'), await member('Late')];
    expect((await followReq(reader, author)).body).toEqual({ isFollowing: true, followersCount: 1 });
    await drain();
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) ids.push((await post(author, `Smoke ${i}`)).id);
    await drain();
    const p1 = await feed(reader);
    expect(p1.items.map((p) => p.id)).toEqual(ids.slice(-20).reverse());
    expect(p1.nextCursor).toEqual(expect.any(String));
    const p2 = await feed(reader, p1.nextCursor!);
    expect(p2.items.map((p) => p.id)).toEqual(ids.slice(0, 5).reverse());
    expect(p2.nextCursor).toBeNull();
    expect((await call(http, 'GET', '/api/feed', { ...as(reader), query: { cursor: 'bm9wZQ' } })).status).toBe(400);

    await followReq(late, author);
    await drain();
    expect((await feed(late)).items).toHaveLength(20);

    await followReq(reader, author, 'DELETE');
    await drain();
    await post(author, 'After the unfollow');
    await drain();
    expect((await feed(reader)).items).toEqual([]);
  });

  it("lets only the author delete a post; others get 404 and nothing changes", async () => {
    const [a, b] = [await member(), await member()];
    const p = await post(a, 'mine');
    const r = await call(http, 'DELETE', `/api/posts/${p.id}`, { ...as(b), pathParameters: { id: p.id } });
    expect(r.status).toBe(404);
    expect((await feed(a)).items.map((x) => x.id)).toEqual([p.id]);
    expect((await call(http, 'DELETE', `/api/posts/${p.id}`, { ...as(a), pathParameters: { id: p.id } })).status).toBe(200);
    await drain();
    expect((await feed(a)).items).toEqual([]);
  });

  it('renders markup as text: content is stored and answered verbatim', async () => {
    const a = await member();
    const p = await post(a, '<script>alert(1)</script>');
    expect((await feed(a)).items[0]!.content).toBe('<script>alert(1)</script>');
    expect(p).toMatchObject({ content: '<script>alert(1)</script>' });
  });

  it("posts an owner's published marketing draft once, in the owner's name, and fans it out", async () => {
    const owner = await member('Club Owner', { owner: true });
    const fan = await member();
    expect((await followReq(fan, owner)).status).toBe(200);
    await drain();
    const approved = busEvent('MarketingPostApproved', { draftId: randomUUID(), postId: randomUUID(), userId: owner.userId, content: 'This week in the club', createdAt: new Date().toISOString() }, randomUUID(), 'torcedor.marketing');
    await Promise.all([deliver(worker, approved), deliver(worker, { ...approved, id: randomUUID() })]);
    await drain();
    const mine = (await feed(owner)).items.filter((i) => i.content === 'This week in the club');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.userName).toBe('Club Owner');
    expect((await feed(fan)).items.filter((i) => i.content === 'This week in the club')).toHaveLength(1);
  });
});

describe('image posts', () => {
  /** A real 1x1 PNG. */
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  type Ticket = { url: string; fields: Record<string, string>; objectPath: string };
  /** POSTs bytes to a presigned POST as the browser's form does. */
  async function postTo(t: Ticket, bytes: Buffer, fields: Record<string, string> = {}) {
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...t.fields, ...fields })) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(bytes)]), 'picture');
    expect((await fetch(t.url, { method: 'POST', body: form })).status).toBeLessThan(300);
  }
  /** The object the site serves at `/<key>`, or null once it is gone. */
  async function served(key: string) {
    const { GetObjectCommand } = await import('@aws-sdk/client-s3');
    const s3 = await (await import('@torcedor/service-kit/uploads')).s3Client();
    return s3.send(new GetObjectCommand({ Bucket: pool().uploadsBucket, Key: key })).then(
      async (o) => Buffer.from(await o.Body!.transformToByteArray()),
      (err: { $metadata?: { httpStatusCode?: number } }) => {
        if (err.$metadata?.httpStatusCode === 404) return null;
        throw err;
      },
    );
  }

  it("shows a copy of the picture no upload link can change, and deleting the post deletes the picture", async () => {
    const uploads = await import('@torcedor/service-kit/uploads');
    const m = await member();
    const t = await uploads.presignUpload(m.userId, 'image/png');
    await postTo(t, PNG);
    const r = await call(http, 'POST', '/api/posts', { ...as(m), body: { content: 'Band close-up', postType: 'image', imageUrl: t.objectPath } });
    expect(r.status).toBe(201);
    const imageUrl = r.body.imageUrl as string;
    expect(imageUrl).toMatch(new RegExp(`^/uploads/${m.userId}/[A-Za-z0-9_-]{32}$`));
    const key = imageUrl.slice(1);
    expect(await served(key)).toEqual(PNG);
    expect(await served(t.objectPath)).toBeNull();
    // The link again, with 12 MB of HTML: the post's picture does not change.
    await postTo(t, Buffer.concat([Buffer.from('<html>'), Buffer.alloc(12 * 1024 * 1024, 0x20)]), { 'Content-Type': 'text/html' });
    expect(await served(key)).toEqual(PNG);
    expect((await feed(m)).items[0]).toMatchObject({ id: r.body.id, imageUrl });

    expect((await call(http, 'DELETE', `/api/posts/${r.body.id}`, { ...as(m), pathParameters: { id: r.body.id } })).status).toBe(200);
    await drain();
    expect(await served(key)).toBeNull();
  });

  it("deletes the pictures of a deleted member's posts with them (a repeated UserDeleted too)", async () => {
    const uploads = await import('@torcedor/service-kit/uploads');
    const m = await member();
    const t = await uploads.presignUpload(m.userId, 'image/png');
    await postTo(t, PNG);
    const r = await call(http, 'POST', '/api/posts', { ...as(m), body: { content: 'Last smoke', postType: 'image', imageUrl: t.objectPath } });
    const key = (r.body.imageUrl as string).slice(1);
    expect(await served(key)).toEqual(PNG);
    for (let i = 0; i < 2; i++) await deliver(worker, busEvent('UserDeleted', { userId: m.userId, deletedAt: new Date().toISOString() }));
    expect(await served(key)).toBeNull();
  });
});

describe('likes and comments', () => {
  it('100 parallel like toggles by 10 members leave likeCount equal to the likes stored', async () => {
    const author = await member();
    const likers = await Promise.all(Array.from({ length: 10 }, () => member()));
    const p = await post(author, 'like me');
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => call(http, 'POST', `/api/posts/${p.id}/like`, { ...as(likers[i % 10]!), pathParameters: { id: p.id } })));
    // A request past the 1.2 s deadline on a busy DynamoDB Local is a 503; none may be anything else.
    expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    // A 503 answer gave up waiting, yet DynamoDB Local may still commit the transaction it queued: wait until it is idle.
    const likes = await settledLikes(p.id);
    expect(await counted(p.id)).toBe(likes);
    // Each answer states the count at its time: never more than the likers.
    expect(answers.filter((a) => a.status === 200).every((a) => a.body.likeCount >= 0 && a.body.likeCount <= 10)).toBe(true);
    const probe = likers[0]!;
    const before = (await feed(author)).items[0]!.likeCount;
    const one = await call(http, 'POST', `/api/posts/${p.id}/like`, { ...as(probe), pathParameters: { id: p.id } });
    expect(one.body.likeCount).toBe(before + (one.body.liked ? 1 : -1));
    expect((await feed(probe)).items).toEqual([]);
    expect((await feed(author)).items[0]).toMatchObject({ likeCount: one.body.likeCount, likedByMe: false });
  });

  it('200 parallel likes by different members count exactly 200, their unlikes exactly 0; no like rewrites the post or its index entries', { timeout: 60_000 }, async () => {
    const { toggleLike } = await import('../src/store/likes.ts');
    const { getPost } = await import('../src/store/posts.ts');
    const author = await member();
    const p = await post(author, 'viral');
    const read = async () => (await ddb.ddb.send(new GetCommand({ TableName: ddb.TABLE, Key: keys.post(p.id), ConsistentRead: true }))).Item!;
    const before = await read();
    const item = (await getPost(p.id))!;
    const likers = Array.from({ length: 200 }, () => randomUUID());
    // In parallel, as many at a time as one DynamoDB Local answers within the kit's request deadline.
    const liked = await inParallel(likers.map((u) => () => toggleLike(u, item)), 20);
    expect(liked.filter((a) => !a.liked || a.likeCount < 1 || a.likeCount > 200)).toEqual([]);
    expect(Math.max(...liked.map((a) => a.likeCount))).toBe(200);
    expect([await counted(p.id), await storedLikes(p.id)]).toEqual([200, 200]);
    // Spread over every like partition (store/keys.ts, LIKE_SHARDS).
    for (const b of keys.likeShards()) expect(await countItems(keys.postLikes(p.id, b), 'LIKE#')).toBeGreaterThan(0);
    expect((await feed(author)).items[0]).toMatchObject({ id: p.id, likeCount: 200 });
    const after = await read();
    const indexed = (i: Record<string, unknown>) => ({ GSI1PK: i.GSI1PK, GSI1SK: i.GSI1SK, GSI2PK: i.GSI2PK, GSI2SK: i.GSI2SK });
    expect(indexed(after)).toEqual(indexed(before));
    expect(after).not.toHaveProperty('likeCount');
    // The only change: Discover's coarse rank, written by the likes that doubled the count (1, 2, 4 ... 128).
    expect(after).toEqual({ ...before, likeRank: 128 });

    const unliked = await inParallel(shuffle(likers).map((u) => () => toggleLike(u, item)), 20);
    expect(unliked.filter((a) => a.liked || a.likeCount < 0 || a.likeCount > 199)).toEqual([]);
    expect(Math.min(...unliked.map((a) => a.likeCount))).toBe(0);
    expect([await counted(p.id), await storedLikes(p.id)]).toEqual([0, 0]);
    expect((await feed(author)).items[0]).toMatchObject({ id: p.id, likeCount: 0, likedByMe: false });
    expect(await read()).toEqual({ ...before, likeRank: 128 });
  });

  it('comments: counted, listed oldest first, deletable only by their author', async () => {
    const [a, b] = [await member('Ana'), await member('Ben')];
    const p = await post(a, 'thoughts?');
    const path = `/api/posts/${p.id}/comments`;
    const c1 = await call(http, 'POST', path, { ...as(b), pathParameters: { id: p.id }, body: { content: 'Great stick' } });
    const c2 = await call(http, 'POST', path, { ...as(a), pathParameters: { id: p.id }, body: { content: 'Thanks!' } });
    expect([c1.status, c2.status]).toEqual([201, 201]);
    expect((await call(http, 'POST', path, { ...as(b), pathParameters: { id: p.id }, body: { content: '  ' } })).status).toBe(400);
    const list = await call(http, 'GET', path, { ...as(a), pathParameters: { id: p.id } });
    expect(list.body.commentCount).toBe(2);
    expect(list.body.items.map((c: { content: string; userName: string }) => [c.userName, c.content])).toEqual([['Ben', 'Great stick'], ['Ana', 'Thanks!']]);
    const del = (m: Member, commentId: string) =>
      call(http, 'DELETE', `${path}/${commentId}`, { ...as(m), pathParameters: { id: p.id, commentId } });
    // The post's author cannot delete someone else's comment either.
    expect((await del(a, c1.body.id)).status).toBe(404);
    expect((await del(b, c1.body.id)).status).toBe(200);
    expect((await del(b, c1.body.id)).status).toBe(404);
    expect((await feed(a)).items[0]!.commentCount).toBe(1);
  });
});

describe('discover', () => {
  it("lists a day's posts from all of the day's partitions, ranked with their likes, with exact counts", async () => {
    const { createPost } = await import('../src/store/posts.ts');
    const { toggleLike } = await import('../src/store/likes.ts');
    const { discover } = await import('../src/handlers/feed.ts');
    const [author, reader] = [await member('Public'), await member('Reader')];
    // A day of its own, far ahead, that no other test writes to.
    const day = Date.UTC(2100 + Math.floor(Math.random() * 800), Math.floor(Math.random() * 12), 10, 12);
    const made = [];
    for (let i = 0; i < 12; i++) {
      const item = { postId: randomUUID(), userId: author.userId, postType: 'text' as const, content: `Day post ${i}`, imageUrl: null, commentCount: 0, createdAt: new Date(day + i * 60_000).toISOString() };
      await createPost(item);
      made.push(item);
    }
    const stored = await Promise.all(made.map((m) => ddb.ddb.send(new GetCommand({ TableName: ddb.TABLE, Key: keys.post(m.postId) }))));
    expect(new Set(stored.map((o) => o.Item!.GSI2PK)).size).toBeGreaterThan(1);
    // The oldest post, liked three times, ranks first.
    for (let i = 0; i < 3; i++) await toggleLike(randomUUID(), made[0]!);
    await toggleLike(reader.userId, made[0]!);
    const listed = await discover(reader.userId, new Date(day + 3_600_000));
    expect(listed.map((p) => p.id).sort()).toEqual(made.map((p) => p.postId).sort());
    expect(listed[0]).toMatchObject({ id: made[0]!.postId, likeCount: 4, likedByMe: true });
    expect(listed.slice(1).every((p) => p.likeCount === 0 && !p.likedByMe)).toBe(true);
  });
});

describe('follows', () => {
  it('refuses following yourself, unknown members and members who accept no followers', async () => {
    const [a, closed] = [await member(), await member()];
    expect((await followReq(a, a)).body.code).toBe('SELF_FOLLOW');
    const ghost = randomUUID();
    expect((await call(http, 'POST', `/api/follow/${ghost}`, { ...as(a), pathParameters: { id: ghost } })).status).toBe(404);
    await profile(closed, { allowFollowRequests: false });
    expect((await followReq(a, closed)).body.code).toBe('FOLLOWS_CLOSED');
    expect((await call(http, 'GET', `/api/follow-status/${closed.userId}`, { ...as(a), pathParameters: { id: closed.userId } })).body).toEqual({ isFollowing: false });
  });

  it('500 random concurrent follows and unfollows leave every total equal to the edges, and the published totals agree in any order', { timeout: 120_000 }, async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => member()));
    const ops = Array.from({ length: 500 }, () => {
      const a = members[Math.floor(Math.random() * members.length)]!;
      let b = members[Math.floor(Math.random() * members.length)]!;
      if (b === a) b = members[(members.indexOf(a) + 1) % members.length]!;
      return () => followReq(a, b, Math.random() < 0.6 ? 'POST' : 'DELETE');
    });
    // DynamoDB Local runs transactions one at a time: under this load some requests pass the 1.2 s deadline and are
    // answered 503 (docs/api.md). Whatever each one's fate, the totals must equal the edges.
    const answers = await inParallel(ops, 16);
    expect(answers.filter((a) => a.status !== 200 && a.status !== 503).map((a) => a.body)).toEqual([]);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(250);
    // Events of requests that timed out after their transaction committed wait in the outbox: the sweep sends them.
    await (await import('@torcedor/service-kit/outbox')).sweepOutbox(Date.now() + 60_000);

    const truth = new Map<string, { followers: number; following: number }>();
    for (const m of members) {
      const following = await countItems(`FOLLOW#${m.userId}`, 'FOLLOWING#');
      const followers = (await Promise.all(members.map((o) => ddb.ddb.send(new GetCommand({ TableName: ddb.TABLE, Key: keys.follow(o.userId, m.userId) }))))).filter((x) => x.Item).length;
      truth.set(m.userId, { followers, following });
      const counts = await ddb.ddb.send(new GetCommand({ TableName: ddb.TABLE, Key: keys.counts(m.userId), ConsistentRead: true }));
      expect({ followers: counts.Item?.followersCount ?? 0, following: counts.Item?.followingCount ?? 0 }).toEqual(truth.get(m.userId));
    }
    // identity keeps the newest version it sees: deliver every SocialCountsChanged twice, shuffled.
    const ids = new Set(members.map((m) => m.userId));
    const events = (await publishedEvents(pool()))
      .filter((e) => e.DetailType === 'SocialCountsChanged')
      .map((e) => JSON.parse(e.Detail!) as { userId: string; version: number; followersCount: number; followingCount: number })
      .filter((d) => ids.has(d.userId));
    const copy = new Map<string, { version: number; followers: number; following: number }>();
    for (const d of shuffle([...events, ...events])) {
      const cur = copy.get(d.userId);
      if (!cur || cur.version < d.version) copy.set(d.userId, { version: d.version, followers: d.followersCount, following: d.followingCount });
    }
    for (const m of members) {
      const t = truth.get(m.userId)!;
      if (t.followers || t.following) expect(copy.get(m.userId)).toMatchObject(t);
    }
  });

  it("merges a celebrity's posts at read time instead of fanning them out", async () => {
    const star = await member('Star');
    const fans = await Promise.all(Array.from({ length: THRESHOLD + 2 }, () => member()));
    for (const f of fans) expect((await followReq(f, star)).status).toBe(200);
    await drain();
    const p = await post(star, 'Hello fans');
    await drain();
    // No timeline entry was written for any fan...
    for (const f of fans) expect(await countItems(keys.timeline(f.userId))).toBe(0);
    // ...yet every fan reads the post, with live counts and their own like.
    await call(http, 'POST', `/api/posts/${p.id}/like`, { ...as(fans[0]!), pathParameters: { id: p.id } });
    for (const f of fans) {
      const page = await feed(f);
      expect(page.items.map((x) => x.id)).toEqual([p.id]);
      expect(page.items[0]).toMatchObject({ likeCount: 1, likedByMe: f === fans[0] });
    }
    // Unfollowing stops the merge.
    await followReq(fans[1]!, star, 'DELETE');
    expect((await feed(fans[1]!)).items).toEqual([]);
  });
});

describe('profiles and privacy', () => {
  it('public reads carry public fields only, and a private profile shows name and picture only to non-followers', async () => {
    const [viewer, m] = [await member(), await member('Priv')];
    const path = `/api/users/${m.userId}`;
    const pub = await call(http, 'GET', path, { ...as(viewer), pathParameters: { id: m.userId } });
    expect(Object.keys(pub.body).sort()).toEqual(['bio', 'blockedByMe', 'canFollow', 'canMessage', 'displayName', 'followersCount', 'followingCount', 'humidorCount', 'id', 'isFollowing', 'isOwnProfile', 'location', 'premium', 'profileImageUrl', 'restricted', 'reviewsCount']);
    expect(JSON.stringify(pub.body)).not.toMatch(/email|dateOfBirth|stripe|customer/i);
    await post(m, 'private thoughts');
    await profile(m, { profileVisibility: 'private', showLocationInProfile: false });
    const hidden = await call(http, 'GET', path, { ...as(viewer), pathParameters: { id: m.userId } });
    expect(hidden.body).toMatchObject({ restricted: true, displayName: 'Priv', bio: null, location: null, followersCount: null });
    const posts = await call(http, 'GET', `${path}/posts`, { ...as(viewer), pathParameters: { id: m.userId } });
    expect(posts.body).toEqual({ items: [], nextCursor: null });
    await followReq(viewer, m);
    const open = await call(http, 'GET', path, { ...as(viewer), pathParameters: { id: m.userId } });
    expect(open.body).toMatchObject({ restricted: false, location: null, bio: 'Loves maduros', followersCount: 1, isFollowing: true });
    expect((await call(http, 'GET', `${path}/posts`, { ...as(viewer), pathParameters: { id: m.userId } })).body.items).toHaveLength(1);
  });
});

describe('reviews', () => {
  it('reviews catalog cigars only, counts them and publishes each one', async () => {
    const m = await member('Critic');
    const cigarId = `test-cigar-${randomUUID().slice(0, 8)}`;
    const body = { cigarId, drawScore: 90, burnScore: 85, flavorScore: 92, overallScore: 91, flavorTags: ['Cedar', 'Cocoa', 'Cedar'], notes: 'Superb' };
    // The copy of the catalog is whole (an empty catalog published), so a cigar it lacks is unknown (services/social/test/catalog-copy.int.test.ts: while behind).
    await deliver(worker, busEvent('CatalogPublished', { catalogVersion: 0, cigarCount: 0, chunks: 0 }, randomUUID(), 'torcedor.humidor'));
    expect((await call(http, 'POST', '/api/reviews', { ...as(m), body })).body.code).toBe('UNKNOWN_CIGAR');
    await deliver(worker, busEvent('CatalogCigarsChanged', { catalogVersion: 1, cigars: [{ id: cigarId, name: 'Test Robusto', brandName: 'Testa', vitola: 'Robusto' }] }, randomUUID(), 'torcedor.humidor'));
    expect((await call(http, 'POST', '/api/reviews', { ...as(m), body: { ...body, overallScore: 101 } })).status).toBe(400);
    const r = await call(http, 'POST', '/api/reviews', { ...as(m), body });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ brandName: 'Testa', cigarName: 'Test Robusto', flavorTags: ['Cedar', 'Cocoa'], userName: 'Critic' });
    const list = await call(http, 'GET', `/api/cigars/${cigarId}/reviews`, { ...as(m), pathParameters: { id: cigarId } });
    expect(list.body.map((x: { id: string }) => x.id)).toEqual([r.body.id]);
    expect((await call(http, 'GET', '/api/user/smoking-history', as(m))).body).toEqual([expect.objectContaining({ reviewId: r.body.id, rating: 91 })]);
    const published = (await publishedEvents(pool())).filter((e) => e.DetailType === 'ReviewPublished').map((e) => JSON.parse(e.Detail!));
    expect(published).toContainEqual(expect.objectContaining({ reviewId: r.body.id, cigarId, overallScore: 91 }));
    const counts = await ddb.ddb.send(new GetCommand({ TableName: ddb.TABLE, Key: keys.counts(m.userId), ConsistentRead: true }));
    expect(counts.Item!.reviewsCount).toBe(1);
  });
});

describe('notifications', () => {
  it('a follow, a like and a comment reach the bell; reading marks them; settings hide kinds', async () => {
    const [a, b] = [await member('Alice'), await member('Bob')];
    await followReq(b, a);
    const p = await post(a, 'hello');
    await call(http, 'POST', `/api/posts/${p.id}/like`, { ...as(b), pathParameters: { id: p.id } });
    await call(http, 'POST', `/api/posts/${p.id}/comments`, { ...as(b), pathParameters: { id: p.id }, body: { content: 'Nice one' } });
    // One's own like notifies no one.
    await call(http, 'POST', `/api/posts/${p.id}/like`, { ...as(a), pathParameters: { id: p.id } });
    const bell = await call(http, 'GET', '/api/notifications', as(a));
    expect(bell.body.unreadCount).toBe(3);
    expect(bell.body.items.map((n: { type: string; actorName: string }) => `${n.type}:${n.actorName}`)).toEqual(['comment:Bob', 'like:Bob', 'follow:Bob']);
    const one = bell.body.items[0].id as string;
    expect((await call(http, 'POST', '/api/notifications/read', { ...as(a), body: { ids: [one] } })).body).toEqual({ unreadCount: 2 });
    await profile(a, { followNotifications: false });
    expect((await call(http, 'GET', '/api/notifications', as(a))).body.unreadCount).toBe(1);
    expect((await call(http, 'POST', '/api/notifications/read', { ...as(a), body: {} })).body).toEqual({ unreadCount: 0 });
  });
});

describe('event notices', () => {
  it("turn into notifications once each, gated by the event setting", async () => {
    const [host, guest] = [await member('Host'), await member('Guest')];
    const notice = (kind: string, recipientIds: string[], noticeId = randomUUID()) => busEvent('EventNotice', {
      noticeId, kind, eventId: 'ev-1', eventTitle: 'Maduro night', actorId: host.userId, recipientIds, createdAt: new Date().toISOString(),
    }, randomUUID(), 'torcedor.events');
    const changed = notice('changed', [guest.userId, host.userId]);
    await deliver(worker, changed);
    // A second delivery of the same notice (another event id, the same noticeId) adds nothing.
    await deliver(worker, { ...changed, id: randomUUID() });
    await deliver(worker, notice('promoted', [guest.userId]));
    const bell = await call(http, 'GET', '/api/notifications', as(guest));
    expect(bell.body.items.map((n: { type: string; excerpt: string; targetId: string }) => [n.type, n.excerpt, n.targetId]))
      .toEqual([['event_promoted', 'Maduro night', 'ev-1'], ['event_changed', 'Maduro night', 'ev-1']]);
    expect((await call(http, 'GET', '/api/notifications', as(host))).body.unreadCount).toBe(0);
    await profile(guest, { eventNotifications: false });
    expect((await call(http, 'GET', '/api/notifications', as(guest))).body).toEqual({ items: [], unreadCount: 0 });
  });
});

describe('moderation and the content filter', () => {
  it('members report, only owners read the queue, and hiding a post takes it out of every feed', async () => {
    const [a, b, owner] = [await member(), await member(), await member('Owner', { owner: true })];
    await followReq(b, a);
    await drain();
    const p = await post(a, 'spam spam');
    await drain();
    expect((await feed(b)).items).toHaveLength(1);
    const rep = await call(http, 'POST', '/api/reports', { ...as(b), body: { targetType: 'post', targetId: p.id, reason: 'Spam' } });
    expect(rep.status).toBe(201);
    expect((await call(http, 'POST', '/api/reports', { ...as(b), body: { targetType: 'post', targetId: 'nope', reason: 'x' } })).status).toBe(404);
    expect((await call(http, 'GET', '/api/reports', as(b))).status).toBe(403);
    const queue = await call(http, 'GET', '/api/reports', as(owner));
    expect(queue.body).toContainEqual(expect.objectContaining({ id: rep.body.id, excerpt: 'spam spam', status: 'open' }));
    const done = await call(http, 'POST', `/api/reports/${rep.body.id}/resolve`, { ...as(owner), pathParameters: { id: rep.body.id }, body: { action: 'hide' } });
    expect(done.body.status).toBe('hidden');
    expect((await feed(b)).items).toEqual([]);
    expect((await call(http, 'POST', `/api/posts/${p.id}/like`, { ...as(b), pathParameters: { id: p.id } })).status).toBe(404);
  });

  it("masks profanity by the reader's own filter, never in what is stored", async () => {
    const [a, strict, minimal] = [await member(), await member(), await member()];
    await profile(strict, { contentFilter: 'strict' });
    await profile(minimal, { contentFilter: 'minimal' });
    for (const m of [strict, minimal]) await followReq(m, a);
    await drain();
    await post(a, 'Damn, this shit is good');
    await drain();
    expect((await feed(strict)).items[0]!.content).toBe('D***, this s*** is good');
    expect((await feed(minimal)).items[0]!.content).toBe('Damn, this shit is good');
    expect((await feed(a)).items[0]!.content).toBe('Damn, this s*** is good');
  });
});

describe('account deletion', () => {
  it('gives back likes, comments and follows: every other member keeps exact totals', async () => {
    const [a, gone] = [await member(), await member()];
    await followReq(gone, a);
    await followReq(a, gone);
    const p = await post(a, 'stay');
    await call(http, 'POST', `/api/posts/${p.id}/like`, { ...as(gone), pathParameters: { id: p.id } });
    await call(http, 'POST', `/api/posts/${p.id}/comments`, { ...as(gone), pathParameters: { id: p.id }, body: { content: 'bye' } });
    await post(gone, 'my post');
    const event = busEvent('UserDeleted', { userId: gone.userId, deletedAt: new Date().toISOString() });
    await deliver(worker, event);
    await deliver(worker, busEvent('UserDeleted', { userId: gone.userId, deletedAt: new Date().toISOString() }));
    const counts = await ddb.ddb.send(new GetCommand({ TableName: ddb.TABLE, Key: keys.counts(a.userId), ConsistentRead: true }));
    expect(counts.Item).toMatchObject({ followersCount: 0, followingCount: 0 });
    expect((await feed(a)).items[0]).toMatchObject({ id: p.id, likeCount: 0, commentCount: 0 });
    expect(await countItems(keys.postsBy(gone.userId), '', 'GSI1')).toBe(0);
  });
});

describe('the member badge', () => {
  let entitlementVersion = 1;
  /** billing's EntitlementChanged, as the worker receives it. */
  const plan = (m: Member, tier: 'free' | 'trial' | 'premium', until: string | null, version = entitlementVersion++) =>
    social.send('EntitlementChanged', { userId: m.userId, version, tier, until }, 'torcedor.billing');
  const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
  const profileOf = async (viewer: Member, m: Member) =>
    (await call(http, 'GET', `/api/users/${m.userId}`, { ...as(viewer), pathParameters: { id: m.userId } })).body as { premium: boolean; displayName: string };

  it("after an upgrade the member's posts, comments, reviews, profile, discover items and notifications carry it", async () => {
    const [star, reader] = [await member('Star'), await member('Reader')];
    await plan(star, 'premium', inDays(30));
    expect((await followReq(reader, star)).status).toBe(200);
    await drain();
    const p = await post(star, 'Premium smoke');
    await drain();
    const readerPost = await post(reader, 'Free smoke');
    const feedItem = (await feed(reader)).items.find((i) => i.id === p.id) as unknown as { premium: boolean };
    expect(feedItem.premium).toBe(true);
    expect(((await feed(reader)).items.find((i) => i.id === readerPost.id) as unknown as { premium: boolean }).premium).toBe(false);
    expect((await profileOf(reader, star)).premium).toBe(true);
    expect((await profileOf(star, reader)).premium).toBe(false);
    const posts = await call(http, 'GET', `/api/users/${star.userId}/posts`, { ...as(reader), pathParameters: { id: star.userId } });
    expect(posts.body.items.map((i: { premium: boolean }) => i.premium)).toEqual([true]);
    const path = `/api/posts/${p.id}/comments`;
    const own = await call(http, 'POST', path, { ...as(star), pathParameters: { id: p.id }, body: { content: 'Thanks all' } });
    expect(own.body.premium).toBe(true);
    await call(http, 'POST', path, { ...as(reader), pathParameters: { id: p.id }, body: { content: 'Enjoy' } });
    const comments = await call(http, 'GET', path, { ...as(reader), pathParameters: { id: p.id } });
    expect(comments.body.items.map((c: { userId: string; premium: boolean }) => [c.userId, c.premium])).toEqual([[star.userId, true], [reader.userId, false]]);
    const discover = await call(http, 'GET', '/api/feed/discover', as(reader));
    expect(discover.body.find((i: { id: string }) => i.id === p.id)?.premium).toBe(true);
    const cigarId = `badge-cigar-${randomUUID().slice(0, 8)}`;
    await deliver(worker, busEvent('CatalogCigarsChanged', { catalogVersion: 1, cigars: [{ id: cigarId, name: 'Badge Robusto', brandName: 'Testa', vitola: 'Robusto' }] }, randomUUID(), 'torcedor.humidor'));
    const review = await call(http, 'POST', '/api/reviews', { ...as(star), body: { cigarId, drawScore: 90, burnScore: 90, flavorScore: 90, overallScore: 90 } });
    expect(review.body.premium).toBe(true);
    const reviews = await call(http, 'GET', `/api/users/${star.userId}/reviews`, { ...as(reader), pathParameters: { id: star.userId } });
    expect(reviews.body.map((r: { premium: boolean }) => r.premium)).toEqual([true]);
    expect((await call(http, 'GET', `/api/cigars/${cigarId}/reviews`, { ...as(reader), pathParameters: { id: cigarId } })).body[0].premium).toBe(true);
    await call(http, 'POST', `/api/posts/${readerPost.id}/like`, { ...as(star), pathParameters: { id: readerPost.id } });
    const bell = await call(http, 'GET', '/api/notifications', as(reader));
    expect(bell.body.items.find((n: { type: string }) => n.type === 'like')).toMatchObject({ actorId: star.userId, actorPremium: true });
    const starBell = await call(http, 'GET', '/api/notifications', as(star));
    expect(starBell.body.items.find((n: { type: string }) => n.type === 'follow')).toMatchObject({ actorId: reader.userId, actorPremium: false });
  });

  it('keeps the newest plan whatever the order, independently of the profile version', async () => {
    const m = await member('Ordered');
    const viewer = await member();
    await plan(m, 'premium', inDays(30), 5);
    // An older event arriving late changes nothing.
    await plan(m, 'free', null, 4);
    expect((await profileOf(viewer, m)).premium).toBe(true);
    // A profile change (its own, much higher, version) keeps the plan, and the plan kept the profile.
    await profile(m, { displayName: 'Renamed' });
    expect(await profileOf(viewer, m)).toMatchObject({ premium: true, displayName: 'Renamed' });
    await plan(m, 'free', null, 6);
    expect((await profileOf(viewer, m)).premium).toBe(false);
    await plan(m, 'premium', inDays(30), 5);
    expect((await profileOf(viewer, m)).premium).toBe(false);
    const stored = await ddb.ddb.send(new GetCommand({ TableName: ddb.TABLE, Key: keys.author(m.userId), ConsistentRead: true }));
    expect(stored.Item).toMatchObject({ displayName: 'Renamed', tier: 'free', entitlementVersion: 6 });
    expect(stored.Item!.version).toBeGreaterThan(6);
  });

  it('a plan past its end shows no badge; a running trial does', async () => {
    const [lapsed, trial, viewer] = [await member(), await member(), await member()];
    await plan(lapsed, 'premium', new Date(Date.now() - 60_000).toISOString());
    await plan(trial, 'trial', inDays(7));
    expect((await profileOf(viewer, lapsed)).premium).toBe(false);
    expect((await profileOf(viewer, trial)).premium).toBe(true);
    const p = await post(lapsed, 'Still here');
    const comments = await call(http, 'POST', `/api/posts/${p.id}/comments`, { ...as(lapsed), pathParameters: { id: p.id }, body: { content: 'me too' } });
    expect(comments.body.premium).toBe(false);
    const posts = await call(http, 'GET', `/api/users/${lapsed.userId}/posts`, { ...as(viewer), pathParameters: { id: lapsed.userId } });
    expect(posts.body.items[0].premium).toBe(false);
  });
});

describe('a popular post and its author\'s bell', () => {
  it('notifies the first 32 likes one by one, then each doubling (64), so a viral post stops writing the bell on every like', async () => {
    const author = await member('Popular');
    const p = await post(author, 'A maduro worth a crowd');
    const fans: Member[] = [];
    for (let i = 0; i < 70; i++) fans.push(await member(`Fan${i}`));
    for (const f of fans) expect((await call(http, 'POST', `/api/posts/${p.id}/like`, as(f))).status).toBe(200);
    const bell = await ddb.ddb.send(new QueryCommand({
      TableName: ddb.TABLE, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.notification(author.userId, 'x').PK }, ConsistentRead: true,
    }));
    const likes = (bell.Items ?? []).filter((n) => n.type === 'like' && n.targetId === p.id);
    expect(likes).toHaveLength(32 + 1);
    // The doubling's notice names the fan whose like made it 64.
    expect(likes.map((n) => n.actorId)).toContain(fans[63]!.userId);
    const last = await call(http, 'POST', `/api/posts/${p.id}/like`, as(fans[0]!));
    expect(last.body).toEqual({ liked: false, likeCount: 69 });
  }, 120_000);
});
