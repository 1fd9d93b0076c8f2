import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../kit/test/http-event.ts';
import { busEvent, deliver } from '../../kit/test/bus.ts';
import { socialFixture, type Member, type Visibility } from './fixture.ts';

/**
 * Who sees a member's content (docs/product.md, "Privacy" and "Moderation"): every member for a public profile;
 * for a followers-only or private one, their followers only; for a member hidden by a moderator, no one else.
 * The member always sees their own. Lists leave out what the caller may not see; a post by id is 404.
 */

let http: Parameters<typeof call>[0];
let worker: (e: unknown, c: unknown) => Promise<unknown>;
let social: Awaited<ReturnType<typeof socialFixture>>;

beforeAll(async () => {
  social = await socialFixture();
  ({ http, worker } = social);
});

const member = (name: string, opts: { owner?: boolean; visibility?: Visibility } = {}) => social.member(name, { ...opts, visibility: opts.visibility ?? 'public' });
const drain = () => social.drain();
const as = (m: Member) => ({ cookies: m.cookies });
const get = (m: Member, path: string, id: string) => call(http, 'GET', path, { ...as(m), pathParameters: { id } });
const ids = (list: { id: string }[]) => list.map((x) => x.id);
async function created<T = { id: string }>(r: Promise<{ status: number; body: unknown }>): Promise<T> {
  const out = await r;
  expect(out.status).toBe(201);
  return out.body as T;
}
const newPost = (m: Member, content: string) =>
  created(call(http, 'POST', '/api/posts', { ...as(m), body: { content, postType: 'text' } }));
const newComment = (m: Member, postId: string, content: string) =>
  call(http, 'POST', `/api/posts/${postId}/comments`, { ...as(m), pathParameters: { id: postId }, body: { content } });
const like = (m: Member, postId: string) => call(http, 'POST', `/api/posts/${postId}/like`, { ...as(m), pathParameters: { id: postId } });
const report = (m: Member, targetType: string, targetId: string) =>
  call(http, 'POST', '/api/reports', { ...as(m), body: { targetType, targetId, reason: 'Not for this club' } });
const follow = (a: Member, b: Member, method: 'POST' | 'DELETE' = 'POST') =>
  call(http, method, `/api/follow/${b.userId}`, { ...as(a), pathParameters: { id: b.userId } });

const cigarId = `vis-cigar-${randomUUID().slice(0, 8)}`;
async function review(m: Member, notes: string) {
  const body = { cigarId, drawScore: 80, burnScore: 81, flavorScore: 82, overallScore: 83, flavorTags: ['Cedar'], notes };
  return created(call(http, 'POST', '/api/reviews', { ...as(m), body }));
}

const VISIBILITIES: Visibility[] = ['public', 'followers', 'private'];
type Role = 'stranger' | 'follower' | 'author';
const ROLES: Role[] = ['stranger', 'follower', 'author'];
/** The rule under test: what each role sees of a member with each visibility. */
const sees = (v: Visibility, role: Role) => role === 'author' || role === 'follower' || v === 'public';

interface Fixture { author: Member; postId: string; reviewId: string; commentId: string }
let stranger: Member;
let follower: Member;
const fixtures = new Map<Visibility, Fixture>();
const who = (v: Visibility, role: Role) => (role === 'author' ? fixtures.get(v)!.author : role === 'follower' ? follower : stranger);

beforeAll(async () => {
  await deliver(worker, busEvent('CatalogCigarsChanged', {
    catalogVersion: Date.now(), cigars: [{ id: cigarId, name: 'Visibility Robusto', brandName: 'Testa', vitola: 'Robusto' }],
  }, randomUUID(), 'torcedor.humidor'));
  [stranger, follower] = [await member('Stranger'), await member('Follower')];
  for (const v of VISIBILITIES) {
    const author = await member(`Author-${v}`, { visibility: v });
    expect((await follow(follower, author)).status).toBe(200);
    const p = await newPost(author, `A ${v} smoke`);
    const c = await created(newComment(author, p.id, `My own ${v} comment`));
    const r = await review(author, `${v} notes`);
    fixtures.set(v, { author, postId: p.id, reviewId: r.id, commentId: c.id });
  }
  await drain();
}, 120_000);

describe.each(VISIBILITIES)('a %s member', (v) => {
  it.each(ROLES)("reviews of a cigar, as the %s", async (role) => {
    const { reviewId } = fixtures.get(v)!;
    const r = await get(who(v, role), `/api/cigars/${cigarId}/reviews`, cigarId);
    expect(r.status).toBe(200);
    expect(ids(r.body).includes(reviewId)).toBe(sees(v, role));
  });

  it.each(ROLES)("the member's reviews and posts, as the %s", async (role) => {
    const { author, reviewId, postId } = fixtures.get(v)!;
    const reviews = await get(who(v, role), `/api/users/${author.userId}/reviews`, author.userId);
    expect([reviews.status, ids(reviews.body)]).toEqual([200, sees(v, role) ? [reviewId] : []]);
    const posts = await get(who(v, role), `/api/users/${author.userId}/posts`, author.userId);
    expect([posts.status, ids(posts.body.items)]).toEqual([200, sees(v, role) ? [postId] : []]);
  });

  it.each(ROLES)('the comments of their post, as the %s: 404 when the post may not be seen', async (role) => {
    const { postId, commentId } = fixtures.get(v)!;
    const r = await get(who(v, role), `/api/posts/${postId}/comments`, postId);
    if (sees(v, role)) expect([r.status, ids(r.body.items)]).toEqual([200, [commentId]]);
    else expect([r.status, r.body.code]).toEqual([404, 'NOT_FOUND']);
  });

  it.each(ROLES)('commenting on their post, as the %s: 404 and nothing stored when the post may not be seen', async (role) => {
    const { postId, author } = fixtures.get(v)!;
    const viewer = who(v, role);
    const before = (await get(author, `/api/posts/${postId}/comments`, postId)).body.commentCount as number;
    const r = await newComment(viewer, postId, `From the ${role}`);
    const after = await get(author, `/api/posts/${postId}/comments`, postId);
    if (sees(v, role)) {
      expect(r.status).toBe(201);
      expect(after.body.commentCount).toBe(before + 1);
    } else {
      expect([r.status, r.body.code]).toEqual([404, 'NOT_FOUND']);
      expect(after.body.commentCount).toBe(before);
      expect(JSON.stringify(after.body.items)).not.toContain(`From the ${role}`);
    }
  });

  it.each(ROLES)('liking their post, as the %s: 404 and no like stored when the post may not be seen', async (role) => {
    const { postId, author } = fixtures.get(v)!;
    const first = await like(who(v, role), postId);
    if (sees(v, role)) {
      expect([first.status, first.body.liked]).toEqual([200, true]);
      expect((await like(who(v, role), postId)).body.liked).toBe(false);
    } else {
      expect([first.status, first.body.code]).toEqual([404, 'NOT_FOUND']);
      const own = (await get(author, `/api/users/${author.userId}/posts`, author.userId)).body.items[0];
      expect(own.likeCount).toBe(0);
    }
  });

  it.each(ROLES)("a report of their post, as the %s, quotes it only to one who may read it", async (role) => {
    const { postId } = fixtures.get(v)!;
    const r = await report(who(v, role), 'post', postId);
    expect(r.status).toBe(201);
    expect(r.body.excerpt).toBe(sees(v, role) ? `A ${v} smoke` : null);
  });
});

describe('the rule elsewhere', () => {
  it("an ex-follower's feed drops a private member's posts at once, before the timeline is cleaned", async () => {
    const { author, postId } = fixtures.get('private')!;
    const ex = await member('Ex');
    await follow(ex, author);
    await drain();
    const feed = (m: Member) => call(http, 'GET', '/api/feed', as(m)).then((r) => ids(r.body.items));
    expect(await feed(ex)).toContain(postId);
    await follow(ex, author, 'DELETE');
    // The FollowChanged that cleans the timeline is not delivered yet: the entries are still there.
    expect(await feed(ex)).not.toContain(postId);
    expect(await feed(follower)).toContain(postId);
    expect(await feed(author)).toContain(postId);
    await drain();
  });

  it("a private member's comment on a public post is left out for non-followers, in the list and in the bell", async () => {
    const { author: priv } = fixtures.get('private')!;
    const host = await member('Host');
    const p = await newPost(host, 'Open to all');
    const theirs = await created(newComment(priv, p.id, 'Quiet words'));
    const mine = await created(newComment(host, p.id, 'Loud words'));
    const list = (m: Member) => get(m, `/api/posts/${p.id}/comments`, p.id).then((r) => ids(r.body.items));
    expect(await list(host)).toEqual([mine.id]);
    expect(await list(stranger)).toEqual([mine.id]);
    expect(await list(follower)).toEqual([theirs.id, mine.id]);
    expect(await list(priv)).toEqual([theirs.id, mine.id]);
    const bell = async () => (await call(http, 'GET', '/api/notifications', as(host))).body.items as { type: string; excerpt: string | null }[];
    expect((await bell()).find((n) => n.type === 'comment')!.excerpt).toBeNull();
    await follow(host, priv);
    expect(await list(host)).toEqual([theirs.id, mine.id]);
    expect((await bell()).find((n) => n.type === 'comment')!.excerpt).toBe('Quiet words');
  });

  it('a member hidden by a moderator is seen by no one else; they still see their own', async () => {
    const [hid, fan, owner] = [await member('Hid'), await member('Fan'), await member('Mod', { owner: true })];
    await follow(fan, hid);
    const p = await newPost(hid, 'soon hidden');
    const r = await review(hid, 'hidden notes');
    const rep = await report(fan, 'member', hid.userId);
    await call(http, 'POST', `/api/reports/${rep.body.id}/resolve`, { ...as(owner), pathParameters: { id: rep.body.id }, body: { action: 'hide' } });
    for (const m of [fan, stranger]) {
      expect(ids((await get(m, `/api/cigars/${cigarId}/reviews`, cigarId)).body)).not.toContain(r.id);
      expect((await get(m, `/api/users/${hid.userId}/reviews`, hid.userId)).body).toEqual([]);
      expect((await get(m, `/api/posts/${p.id}/comments`, p.id)).status).toBe(404);
      expect((await like(m, p.id)).status).toBe(404);
      expect((await newComment(m, p.id, 'hello?')).status).toBe(404);
      expect((await report(m, 'post', p.id)).body.excerpt).toBeNull();
    }
    expect(ids((await get(hid, `/api/cigars/${cigarId}/reviews`, cigarId)).body)).toContain(r.id);
    expect((await get(hid, `/api/posts/${p.id}/comments`, p.id)).status).toBe(200);
  });

  it("reports: no excerpt of hidden content, of a comment under a post one may not see, nor of a private member's review", async () => {
    const { author: priv, postId, commentId, reviewId } = fixtures.get('private')!;
    const owner = await member('Mod2', { owner: true });
    expect((await report(stranger, 'comment', `${postId}:${commentId}`)).body.excerpt).toBeNull();
    expect((await report(follower, 'comment', `${postId}:${commentId}`)).body.excerpt).toBe('My own private comment');
    expect((await report(stranger, 'review', reviewId)).body.excerpt).toBeNull();
    expect((await report(follower, 'review', reviewId)).body.excerpt).toBe('Testa Visibility Robusto: private notes');
    // A member's name and picture are shown to everyone, restricted or not.
    expect((await report(stranger, 'member', priv.userId)).body.excerpt).toBe(priv.name);
    // Hidden by a moderator: quoted to no reporter, its author included.
    const pub = fixtures.get('public')!;
    const first = await report(stranger, 'post', pub.postId);
    await call(http, 'POST', `/api/reports/${first.body.id}/resolve`, { ...as(owner), pathParameters: { id: first.body.id }, body: { action: 'hide' } });
    for (const m of [stranger, pub.author]) expect((await report(m, 'post', pub.postId)).body.excerpt).toBeNull();
    // The moderators' queue keeps what was reported, whoever reported it.
    const queue = (await call(http, 'GET', '/api/reports', as(owner))).body as { reporterId: string; targetId: string; excerpt: string | null }[];
    expect(queue.find((q) => q.reporterId === stranger.userId && q.targetId === reviewId)!.excerpt).toBe('Testa Visibility Robusto: private notes');
  });

  it('answers 404, never 5xx, for unknown or malformed post ids', async () => {
    for (const id of [randomUUID(), 'x', 'POST', `${randomUUID()}:${randomUUID()}`.slice(0, 60)]) {
      for (const r of [await get(stranger, `/api/posts/${id}/comments`, id), await like(stranger, id), await newComment(stranger, id, 'hi')]) {
        expect(r.status, `${id}`).toBeLessThan(500);
      }
    }
    expect((await report(stranger, 'comment', 'nope:nope')).status).toBe(404);
  });
});
