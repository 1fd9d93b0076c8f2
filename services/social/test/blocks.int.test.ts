import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { busEvent, deliver } from '../../kit/test/bus.ts';
import { call } from '../../kit/test/http-event.ts';
import { socialFixture, type Member } from './fixture.ts';

/**
 * Blocking (docs/product.md, "Blocking"): a block works both ways. Neither member sees the other's posts, reviews,
 * comments or profile details, neither follows, comments on or likes the other's posts; the follows between them end
 * with exact totals; unblocking restores what each sees, not the follows.
 */

let http: Parameters<typeof call>[0];
let worker: (e: unknown, c: unknown) => Promise<unknown>;
let ddb: typeof import('@torcedor/service-kit/ddb');
let keys: typeof import('../src/store/keys.ts').keys;
let blocks: typeof import('../src/store/blocks.ts');
let social: Awaited<ReturnType<typeof socialFixture>>;

beforeAll(async () => {
  social = await socialFixture();
  ({ http, worker, ddb } = social);
  keys = (await import('../src/store/keys.ts')).keys;
  blocks = await import('../src/store/blocks.ts');
});

const member = (name: string) => social.member(name);
const as = (m: Member) => ({ cookies: m.cookies });
const byId = (m: Member, method: string, path: string, id: string, body?: unknown) =>
  call(http, method, path, { ...as(m), pathParameters: { id }, ...(body === undefined ? {} : { body }) });
const block = (a: Member, b: { userId: string }) => byId(a, 'POST', `/api/members/${b.userId}/block`, b.userId);
const unblock = (a: Member, b: { userId: string }) => byId(a, 'DELETE', `/api/members/${b.userId}/block`, b.userId);
const blockedList = (m: Member) => call(http, 'GET', '/api/members/blocked', as(m));
const follow = (a: Member, b: Member) => byId(a, 'POST', `/api/follow/${b.userId}`, b.userId);
const profileOf = (a: Member, b: Member) => byId(a, 'GET', `/api/users/${b.userId}`, b.userId);
const postsOf = (a: Member, b: Member) => byId(a, 'GET', `/api/users/${b.userId}/posts`, b.userId);
const reviewsOf = (a: Member, b: Member) => byId(a, 'GET', `/api/users/${b.userId}/reviews`, b.userId);
const comments = (a: Member, postId: string) => byId(a, 'GET', `/api/posts/${postId}/comments`, postId);
const comment = (a: Member, postId: string, content: string) => byId(a, 'POST', `/api/posts/${postId}/comments`, postId, { content });
const like = (a: Member, postId: string) => byId(a, 'POST', `/api/posts/${postId}/like`, postId);
const feedIds = async (m: Member) => {
  const r = await call(http, 'GET', '/api/feed', as(m));
  expect(r.status).toBe(200);
  return (r.body.items as { id: string }[]).map((p) => p.id);
};
const discoverIds = async (m: Member) => {
  const r = await call(http, 'GET', '/api/feed/discover', as(m));
  expect(r.status).toBe(200);
  return (r.body as { id: string }[]).map((p) => p.id);
};
async function created(r: Promise<{ status: number; body: any }>): Promise<{ id: string }> {
  const out = await r;
  expect(out.status).toBe(201);
  return out.body;
}
const post = (m: Member, content: string) => created(call(http, 'POST', '/api/posts', { ...as(m), body: { content, postType: 'text' } }));
const cigarId = `block-cigar-${randomUUID().slice(0, 8)}`;
const review = (m: Member, notes: string) => created(call(http, 'POST', '/api/reviews', {
  ...as(m), body: { cigarId, drawScore: 80, burnScore: 80, flavorScore: 80, overallScore: 80, flavorTags: [], notes },
}));
const cigarReviewIds = async (m: Member) => {
  const r = await byId(m, 'GET', `/api/cigars/${cigarId}/reviews`, cigarId);
  expect(r.status).toBe(200);
  return (r.body as { id: string }[]).map((x) => x.id);
};
const totals = async (m: Member) =>
  (await ddb.ddb.send(new GetCommand({ TableName: ddb.TABLE, Key: keys.counts(m.userId), ConsistentRead: true }))).Item;
const partition = async (pk: string) =>
  (await ddb.ddb.send(new QueryCommand({ TableName: ddb.TABLE, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true }))).Items ?? [];
const edge = async (a: Member, b: Member) =>
  (await ddb.ddb.send(new GetCommand({ TableName: ddb.TABLE, Key: keys.follow(a.userId, b.userId), ConsistentRead: true }))).Item;

beforeAll(async () => {
  await deliver(worker, busEvent('CatalogCigarsChanged', {
    catalogVersion: Date.now(), cigars: [{ id: cigarId, name: 'Block Robusto', brandName: 'Testa', vitola: 'Robusto' }],
  }, randomUUID(), 'torcedor.humidor'));
});

describe('a block, both ways', () => {
  let ana: Member, ben: Member, cy: Member;
  let anaPost: { id: string }, benPost: { id: string }, anaReview: { id: string }, benReview: { id: string };
  let benComment: { id: string }, cyComment: { id: string };

  beforeAll(async () => {
    [ana, ben, cy] = [await member('Ana'), await member('Ben'), await member('Cy')];
    expect((await follow(ana, ben)).status).toBe(200);
    expect((await follow(ben, ana)).status).toBe(200);
    expect((await follow(cy, ana)).status).toBe(200);
    expect((await follow(cy, ben)).status).toBe(200);
    await social.drain();
    anaPost = await post(ana, 'Ana smokes a maduro');
    benPost = await post(ben, 'Ben smokes a claro');
    benComment = await created(comment(ben, anaPost.id, 'Ben was here'));
    cyComment = await created(comment(cy, anaPost.id, 'Cy was here'));
    anaReview = await review(ana, 'Ana notes');
    benReview = await review(ben, 'Ben notes');
    await social.drain();
    // Before the block, each sees the other everywhere.
    expect(await feedIds(ana)).toContain(benPost.id);
    expect(await feedIds(ben)).toContain(anaPost.id);
    expect(await totals(ana)).toMatchObject({ followersCount: 2, followingCount: 1 });
    expect(await totals(ben)).toMatchObject({ followersCount: 2, followingCount: 1 });

    const r = await block(ana, ben);
    expect(r).toMatchObject({ status: 200, body: { blocked: true } });
  }, 60_000);

  it('ends the follows both ways with exact totals; the third member keeps theirs', async () => {
    expect(await edge(ana, ben)).toBeUndefined();
    expect(await edge(ben, ana)).toBeUndefined();
    expect(await totals(ana)).toMatchObject({ followersCount: 1, followingCount: 0 });
    expect(await totals(ben)).toMatchObject({ followersCount: 1, followingCount: 0 });
    expect(await edge(cy, ana)).toBeDefined();
    // Blocking again is no error and changes nothing.
    expect(await block(ana, ben)).toMatchObject({ status: 200, body: { blocked: true } });
    expect(await totals(ana)).toMatchObject({ followersCount: 1, followingCount: 0 });
    expect(await totals(ben)).toMatchObject({ followersCount: 1, followingCount: 0 });
  });

  it("hides each one's posts from the other's feed even while the timeline still holds them, and from Discover", async () => {
    // The unfollows' FollowChanged events are not delivered yet: the timelines still hold the entries.
    const timeline = await partition(keys.timeline(ana.userId));
    expect(timeline.map((e) => e.postId)).toContain(benPost.id);
    expect(await feedIds(ana)).not.toContain(benPost.id);
    expect(await feedIds(ben)).not.toContain(anaPost.id);
    expect(await feedIds(ana)).toContain(anaPost.id);
    const [forAna, forBen, forCy] = [await discoverIds(ana), await discoverIds(ben), await discoverIds(cy)];
    expect(forCy).toEqual(expect.arrayContaining([anaPost.id, benPost.id]));
    expect(forAna).not.toContain(benPost.id);
    expect(forBen).not.toContain(anaPost.id);
    expect(forAna).toContain(anaPost.id);
  });

  it("publishes the ended follows' FollowChanged: once delivered, each one's posts leave the other's timeline", async () => {
    await social.drain();
    expect((await partition(keys.timeline(ana.userId))).map((e) => e.postId)).not.toContain(benPost.id);
    expect((await partition(keys.timeline(ben.userId))).map((e) => e.postId)).not.toContain(anaPost.id);
    expect((await partition(keys.timeline(cy.userId))).map((e) => e.postId)).toEqual(expect.arrayContaining([anaPost.id, benPost.id]));
  });

  it('shows each profile to the other restricted (name and picture), with blockedByMe only to the blocker, and no Follow or Message', async () => {
    const seenByAna = await profileOf(ana, ben);
    expect(seenByAna.status).toBe(200);
    expect(seenByAna.body).toMatchObject({
      id: ben.userId, displayName: 'Ben', restricted: true, bio: null, followersCount: null, blockedByMe: true, canFollow: false, canMessage: false, isFollowing: false,
    });
    const seenByBen = await profileOf(ben, ana);
    expect(seenByBen.body).toMatchObject({ id: ana.userId, displayName: 'Ana', restricted: true, bio: null, blockedByMe: false, canFollow: false, canMessage: false });
    // The third member sees both whole.
    expect((await profileOf(cy, ben)).body).toMatchObject({ restricted: false, blockedByMe: false, canFollow: false, isFollowing: true });
    expect((await profileOf(cy, ana)).body).toMatchObject({ restricted: false, bio: 'Loves maduros' });
  });

  it("leaves out each one's posts and reviews on the other's profile and in a cigar's reviews", async () => {
    expect((await postsOf(ana, ben)).body.items).toEqual([]);
    expect((await postsOf(ben, ana)).body.items).toEqual([]);
    expect((await reviewsOf(ana, ben)).body).toEqual([]);
    expect((await reviewsOf(ben, ana)).body).toEqual([]);
    expect((await postsOf(cy, ben)).body.items.map((p: { id: string }) => p.id)).toContain(benPost.id);
    const [forAna, forBen, forCy] = [await cigarReviewIds(ana), await cigarReviewIds(ben), await cigarReviewIds(cy)];
    expect(forCy).toEqual(expect.arrayContaining([anaReview.id, benReview.id]));
    expect(forAna).toContain(anaReview.id);
    expect(forAna).not.toContain(benReview.id);
    expect(forBen).toContain(benReview.id);
    expect(forBen).not.toContain(anaReview.id);
  });

  it("leaves out the other's comments; the other's post is 404 to read, comment on or like", async () => {
    const onAnas = await comments(ana, anaPost.id);
    expect(onAnas.status).toBe(200);
    const listed = onAnas.body.items.map((c: { id: string }) => c.id);
    expect(listed).toContain(cyComment.id);
    expect(listed).not.toContain(benComment.id);
    expect((await comments(cy, anaPost.id)).body.items.map((c: { id: string }) => c.id)).toContain(benComment.id);
    expect((await comments(ben, anaPost.id)).status).toBe(404);
    expect((await comments(ana, benPost.id)).status).toBe(404);
    expect((await comment(ben, anaPost.id, 'Hello?')).status).toBe(404);
    expect((await comment(ana, benPost.id, 'Hello?')).status).toBe(404);
    expect((await like(ben, anaPost.id)).status).toBe(404);
    expect((await like(ana, benPost.id)).status).toBe(404);
  });

  it('refuses a follow both ways as a closed profile does', async () => {
    for (const [a, b] of [[ana, ben], [ben, ana]] as const) {
      const r = await follow(a, b);
      expect(r.status).toBe(403);
      expect(r.body.code).toBe('FOLLOWS_CLOSED');
      expect(await edge(a, b)).toBeUndefined();
    }
  });

  it('is seen by isBlockedEitherWay from both sides, and by no one else', async () => {
    expect(await blocks.isBlockedEitherWay(ana.userId, ben.userId)).toBe(true);
    expect(await blocks.isBlockedEitherWay(ben.userId, ana.userId)).toBe(true);
    expect(await blocks.isBlockedEitherWay(cy.userId, ana.userId)).toBe(false);
    expect(await blocks.isBlockedEitherWay(ben.userId, cy.userId)).toBe(false);
    expect(await blocks.blockedIdsOf(ana.userId)).toEqual(new Set([ben.userId]));
    expect(await blocks.blockedIdsOf(ben.userId)).toEqual(new Set([ana.userId]));
  });

  it('can be lifted only by the blocker; unblocking restores what each sees, not the follows', async () => {
    // Ben did not block Ana: his unblock changes nothing.
    expect(await unblock(ben, ana)).toMatchObject({ status: 200, body: { blocked: false } });
    expect(await blocks.isBlockedEitherWay(ana.userId, ben.userId)).toBe(true);
    expect((await profileOf(ben, ana)).body.restricted).toBe(true);

    expect(await unblock(ana, ben)).toMatchObject({ status: 200, body: { blocked: false } });
    expect(await unblock(ana, ben)).toMatchObject({ status: 200, body: { blocked: false } });
    expect(await blocks.isBlockedEitherWay(ana.userId, ben.userId)).toBe(false);
    expect((await profileOf(ana, ben)).body).toMatchObject({ restricted: false, blockedByMe: false, canFollow: true, isFollowing: false });
    expect((await postsOf(ben, ana)).body.items.map((p: { id: string }) => p.id)).toContain(anaPost.id);
    expect((await comments(ben, anaPost.id)).body.items.map((c: { id: string }) => c.id)).toContain(benComment.id);
    expect(await cigarReviewIds(ana)).toContain(benReview.id);
    expect(await edge(ana, ben)).toBeUndefined();
    expect(await edge(ben, ana)).toBeUndefined();
    expect((await follow(ben, ana)).status).toBe(200);
  });
});

describe('blocking: the requests', () => {
  it('refuses blocking yourself (400 SELF_BLOCK) and an unknown member (404)', async () => {
    const a = await member('Solo');
    for (const r of [await block(a, a), await unblock(a, a)]) {
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('SELF_BLOCK');
    }
    expect((await block(a, { userId: randomUUID() })).status).toBe(404);
    const noProfile = await social.member('NoProfile', { profile: false });
    expect((await block(a, noProfile)).status).toBe(404);
    expect((await blockedList(a)).body).toEqual({ items: [] });
    expect((await call(http, 'POST', `/api/members/${a.userId}/block`, { pathParameters: { id: a.userId } })).status).toBe(401);
  });

  it('lists whom the member blocked, the most recent first, by name and picture, and not who blocked them', async () => {
    const [me, x, y, z] = [await member('Me'), await member('Xavi'), await member('Yara'), await member('Zed')];
    await block(me, x);
    await new Promise((r) => setTimeout(r, 5));
    await block(me, y);
    await block(z, me);
    const r = await blockedList(me);
    expect(r.status).toBe(200);
    expect(r.body.items.map((i: { id: string }) => i.id)).toEqual([y.userId, x.userId]);
    expect(r.body.items[0]).toMatchObject({ id: y.userId, displayName: 'Yara', profileImageUrl: null });
    expect(Date.parse(r.body.items[0].blockedAt)).toBeGreaterThanOrEqual(Date.parse(r.body.items[1].blockedAt));
    expect((await blockedList(z)).body.items.map((i: { id: string }) => i.id)).toEqual([me.userId]);
    // A repeated block keeps its first time and one entry.
    const first = r.body.items[1].blockedAt;
    await block(me, x);
    const again = (await blockedList(me)).body.items;
    expect(again).toHaveLength(2);
    expect(again.find((i: { id: string }) => i.id === x.userId).blockedAt).toBe(first);
  });

  it('is in the member\'s export', async () => {
    const [me, x] = [await member('Exporter'), await member('Exported')];
    await block(me, x);
    const r = await call(http, 'GET', '/api/export/social', as(me));
    expect(r.status).toBe(200);
    expect(r.body.items).toContainEqual(expect.objectContaining({ blockerId: me.userId, blockedId: x.userId }));
    expect(JSON.stringify(r.body.items)).not.toContain('BLOCK#');
  });

  it('a follow racing a block never survives it, and every total stays exact', { timeout: 60_000 }, async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = [await member(`Racer${round}`), await member(`Blocker${round}`)];
      await Promise.all([follow(a, b), block(b, a), follow(b, a), follow(a, b)]);
      expect(await edge(a, b)).toBeUndefined();
      expect(await edge(b, a)).toBeUndefined();
      for (const m of [a, b]) {
        const t = await totals(m);
        expect([t?.followersCount ?? 0, t?.followingCount ?? 0]).toEqual([0, 0]);
      }
    }
  });
});

describe("a member's deletion", () => {
  it('removes their blocks both ways; a repeated UserDeleted is harmless', async () => {
    const [gone, x, y] = [await member('Leaving'), await member('Blocked'), await member('Blocker')];
    await block(gone, x);
    await block(y, gone);
    expect((await partition(keys.blocks(gone.userId))).length).toBe(2);
    const deleted = () => deliver(worker, busEvent('UserDeleted', { userId: gone.userId, deletedAt: new Date().toISOString() }));
    await deleted();
    await deleted();
    expect(await partition(keys.blocks(gone.userId))).toEqual([]);
    expect(await partition(keys.blocks(x.userId))).toEqual([]);
    expect(await partition(keys.blocks(y.userId))).toEqual([]);
    expect((await blockedList(y)).body.items).toEqual([]);
    expect(await blocks.isBlockedEitherWay(x.userId, gone.userId)).toBe(false);
    // The deleted member is unknown now: blocking them is 404.
    expect((await block(y, gone)).status).toBe(404);
  });
});
