import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JobPage } from '@torcedor/service-kit/jobs';
import { busEvent, deliver } from '../../kit/test/bus.ts';
import { socialFixture } from './fixture.ts';

/**
 * A member's deletion and a post's remains as paged jobs (docs/architecture.md, "Jobs"): each event runs one page
 * (SOCIAL_JOB_PAGES_PER_EVENT=1), so the rest is left to continuations, as a big account's would be.
 */
let worker: (e: unknown, c: unknown) => Promise<unknown>;
let ddb: typeof import('@torcedor/service-kit/ddb');
let jobs: typeof import('@torcedor/service-kit/jobs');
let items: typeof import('@torcedor/service-kit/items');
let keys: typeof import('../src/store/keys.ts').keys;
let f: Awaited<ReturnType<typeof socialFixture>>;
let social: {
  posts: typeof import('../src/store/posts.ts');
  likes: typeof import('../src/store/likes.ts');
  follows: typeof import('../src/store/follows.ts');
  reviews: typeof import('../src/store/reviews.ts');
  jobs: typeof import('../src/handlers/jobs.ts');
};

beforeAll(async () => {
  f = await socialFixture({ SOCIAL_JOB_PAGES_PER_EVENT: '1' });
  ({ worker, ddb } = f);
  jobs = await import('@torcedor/service-kit/jobs');
  items = await import('@torcedor/service-kit/items');
  keys = (await import('../src/store/keys.ts')).keys;
  social = {
    posts: await import('../src/store/posts.ts'), likes: await import('../src/store/likes.ts'), follows: await import('../src/store/follows.ts'),
    reviews: await import('../src/store/reviews.ts'), jobs: await import('../src/handlers/jobs.ts'),
  };
});

async function count(pk: string, index?: 'GSI1' | 'GSI2') {
  const out = await ddb.ddb.send(new QueryCommand({
    TableName: ddb.TABLE, IndexName: index, Select: 'COUNT', KeyConditionExpression: `${index ? `${index}PK` : 'PK'} = :pk`,
    ExpressionAttributeValues: { ':pk': pk },
  }));
  return out.Count ?? 0;
}
const get = async (key: { PK: string; SK: string }) =>
  (await ddb.ddb.send(new GetCommand({ TableName: ddb.TABLE, Key: key, ConsistentRead: true }))).Item;
/** identity's profile event for a member who is about to be deleted (fixture.ts). */
const profile = (userId: string) => f.profile({ userId, name: 'Gone' });
const newPost = async (userId: string, content: string) => {
  const p = { postId: randomUUID(), userId, postType: 'text' as const, content, imageUrl: null, commentCount: 0, createdAt: new Date().toISOString() };
  await social.posts.createPost(p);
  return p;
};

/**
 * A member as a popular account looks: `followers` members following them (their edges and totals as store/follows.ts
 * writes them), their posts liked and commented on by some followers, follows, likes, comments and a review of their own.
 */
async function seed(followers: number, postCount: number) {
  const userId = randomUUID();
  await profile(userId);
  const fans = Array.from({ length: followers }, () => randomUUID());
  const now = new Date().toISOString();
  await items.putAll(fans.flatMap((f) => [
    { ...keys.follow(f, userId), followerId: f, followeeId: userId, createdAt: now, ...items.indexKeys({ GSI1: [keys.followersOf(userId), f] }) },
    { ...keys.counts(f), userId: f, followingCount: 1, followersCount: 0, version: 1 },
  ]));
  await items.putAll([{ ...keys.counts(userId), userId, followersCount: followers, followingCount: 0, version: 1 }]);
  const posts = [];
  for (let i = 0; i < postCount; i++) posts.push(await newPost(userId, `Post ${i}`));
  // Three fans like each of the first five posts (notifications reach the member), one comments on the first.
  for (const p of posts.slice(0, 5)) for (const f of fans.slice(0, 3)) await social.likes.toggleLike(f, p);
  await social.posts.addComment(posts[0]!, { commentId: randomUUID(), postId: posts[0]!.postId, userId: fans[0]!, content: 'nice', createdAt: now });
  // The member follows, likes and comments on others, and reviewed a cigar.
  const others = [randomUUID(), randomUUID()];
  const theirs = await Promise.all(others.map((o) => newPost(o, 'other')));
  for (const o of others) await social.follows.follow(userId, o, false);
  for (const p of theirs) await social.likes.toggleLike(userId, p);
  await social.posts.addComment(theirs[0]!, { commentId: randomUUID(), postId: theirs[0]!.postId, userId, content: 'mine', createdAt: now });
  await social.reviews.createReview({
    reviewId: randomUUID(), userId, cigarId: randomUUID(), brandName: 'Padrón', cigarName: '1964', cigarVitola: null, drawScore: 4, burnScore: 4,
    flavorScore: 4, overallScore: 4, flavorTags: [], notes: 'good', createdAt: now,
  });
  return { userId, fans, posts, others, theirs };
}

/** Everything social held of the member and their posts is gone; every other member's totals and counts are exact. */
async function expectGone(s: Awaited<ReturnType<typeof seed>>) {
  const { userId } = s;
  for (const [pk, index] of [
    [keys.postsBy(userId), 'GSI1'], [keys.followersOf(userId), 'GSI1'], [keys.commentsBy(userId), 'GSI1'], [keys.reviewsBy(userId), 'GSI1'],
    [keys.likesBy(userId), 'GSI2'], [keys.follows(userId)], [keys.timeline(userId)], [keys.notifications(userId)],
  ] as const) expect([pk, await count(pk, index)]).toEqual([pk, 0]);
  expect(await get(keys.counts(userId))).toBeUndefined();
  expect(await get(keys.author(userId))).toBeUndefined();
  // Their notifications' digest marker (their fans' likes wrote one) and their address copy.
  expect(await get(keys.digestDue(userId))).toBeUndefined();
  expect(await get(keys.mailTo(userId))).toBeUndefined();
  for (const p of s.posts) {
    expect(await count(keys.postPartition(p.postId))).toBe(0);
    for (const b of keys.likeShards()) expect(await count(keys.postLikes(p.postId, b))).toBe(0);
    expect(await items.batchGetAll(keys.likeCounters(p.postId))).toEqual([]);
  }
  // Every follower's following total is exact (they followed the member alone), and so is each followee's.
  const totals = await items.batchGetAll(s.fans.map(keys.counts), { consistent: true });
  expect(totals).toHaveLength(s.fans.length);
  expect(totals.filter((t) => t.followingCount !== 0)).toEqual([]);
  for (const o of s.others) expect(await get(keys.counts(o))).toMatchObject({ followersCount: 0 });
  // Their likes and comment left the others' posts' counts.
  for (const p of s.theirs) expect(await social.likes.readLikeCount(p.postId)).toBe(0);
  expect(await get(keys.post(s.theirs[0]!.postId))).toMatchObject({ commentCount: 0 });
}

const deleted = (userId: string) => deliver(worker, busEvent('UserDeleted', { userId, deletedAt: new Date().toISOString() }));
/** One continuation that runs one page of the job (as a tick whose time allows one page), with `page` in place of its own. */
async function onePage(key: string, page: JobPage<never> = social.jobs.jobPages['delete-member'] as JobPage<never>) {
  let ran = false;
  const counted: JobPage<unknown> = async (input) => {
    const r = await (page as JobPage<unknown>)(input);
    ran = true;
    return r;
  };
  return jobs.runJob('delete-member', counted, { key, get deadline() { return ran ? 0 : Number.MAX_SAFE_INTEGER; } });
}

describe("a member's deletion is a paged job", () => {
  it('300 followers and 40 posts, one page per invocation: finishes after repeated continuations, every total exact', { timeout: 120_000 }, async () => {
    const s = await seed(300, 40);
    await deleted(s.userId);
    const first = await jobs.readJob('delete-member', s.userId);
    expect(first).toMatchObject({ status: 'running', pages: 1 });
    let invocations = 1;
    for (let state = first; state?.status === 'running' && invocations < 200; invocations++) state = await onePage(s.userId);
    const done = await jobs.readJob('delete-member', s.userId);
    expect(done).toMatchObject({ status: 'done', pages: invocations });
    // 300 follower edges alone are 12 pages of 25.
    expect(invocations).toBeGreaterThan(20);
    await expectGone(s);
    // Nothing is left in the running list for the minute schedule.
    expect(await get({ PK: 'JOBS', SK: `delete-member#${s.userId}` })).toBeUndefined();
  });

  it('a run cut in the middle (a page that throws after its work) resumes, and the minute schedule finishes it the same', { timeout: 120_000 }, async () => {
    const s = await seed(60, 12);
    await deleted(s.userId);
    const real = social.jobs.jobPages['delete-member'] as JobPage<unknown>;
    // Pages 3 and 6 of this run do their work and then fail before their checkpoint: each runs again.
    let calls = 0;
    const flaky: JobPage<unknown> = async (input) => {
      const r = await real(input);
      calls += 1;
      if (calls === 3 || calls === 6) throw new Error('cut');
      return r;
    };
    let cuts = 0;
    for (let i = 0; i < 8; i++) await onePage(s.userId, flaky as JobPage<never>).catch(() => { cuts += 1; });
    expect(cuts).toBe(2);
    expect(await jobs.readJob('delete-member', s.userId)).toMatchObject({ status: 'running' });
    // The worker's minute schedule continues every unfinished job (its `jobs` map).
    for (let tick = 0; tick < 20 && (await jobs.readJob('delete-member', s.userId))?.status === 'running'; tick++) {
      await deliver(worker, { ...busEvent('Scheduled', { schedule: 'outbox-relay-social' }), source: 'aws.events' });
    }
    expect(await jobs.readJob('delete-member', s.userId)).toMatchObject({ status: 'done' });
    await expectGone(s);
    // A repeated UserDeleted runs again over nothing and changes no count.
    await deleted(s.userId);
    for (let tick = 0; tick < 5 && (await jobs.readJob('delete-member', s.userId))?.status === 'running'; tick++) {
      await deliver(worker, { ...busEvent('Scheduled', { schedule: 'outbox-relay-social' }), source: 'aws.events' });
    }
    await expectGone(s);
  });
});

describe("a deleted post's remains are a paged job", () => {
  it('a post with 230 likes and comments: PostDeleted runs one page, the schedule the rest; nothing is left', { timeout: 60_000 }, async () => {
    const author = randomUUID();
    const p = await newPost(author, 'viral');
    const likers = Array.from({ length: 230 }, () => randomUUID());
    for (let i = 0; i < likers.length; i += 23) await Promise.all(likers.slice(i, i + 23).map((u) => social.likes.toggleLike(u, p)));
    for (const u of likers.slice(0, 5)) await social.posts.addComment(p, { commentId: randomUUID(), postId: p.postId, userId: u, content: 'wow', createdAt: new Date().toISOString() });
    expect(await social.likes.readLikeCount(p.postId)).toBe(230);
    expect(await social.posts.deletePost(author, p.postId)).toBe(true);
    await deliver(worker, busEvent('PostDeleted', { postId: p.postId, userId: author, imageUrl: null }, randomUUID(), 'torcedor.social'));
    expect(await jobs.readJob('delete-post', p.postId)).toMatchObject({ status: 'running', pages: 1, handled: 100 });
    for (let tick = 0; tick < 10 && (await jobs.readJob('delete-post', p.postId))?.status === 'running'; tick++) {
      await deliver(worker, { ...busEvent('Scheduled', { schedule: 'outbox-relay-social' }), source: 'aws.events' });
    }
    expect(await jobs.readJob('delete-post', p.postId)).toMatchObject({ status: 'done' });
    expect(await count(keys.postPartition(p.postId))).toBe(0);
    for (const b of keys.likeShards()) expect(await count(keys.postLikes(p.postId, b))).toBe(0);
    expect(await items.batchGetAll(keys.likeCounters(p.postId))).toEqual([]);
    for (const u of likers.slice(0, 3)) expect(await count(keys.likesBy(u), 'GSI2')).toBe(0);
  });
});
