import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';
import { batchGetAll, deleteKeys } from '@torcedor/service-kit/items';
import { DISCOVER_DAYS, FEED_PAGE_SIZE, FOLLOW_BACKFILL_POSTS } from '@torcedor/shared/constants';
import { isoDay } from '@torcedor/shared/formatters';
import type { Post } from '@torcedor/shared/schemas/social';
import { encodeCursor } from '@torcedor/service-kit/cursor';
import { ANY_MEMBER, canSee, followMatters } from '../domain/visibility.ts';
import { followedIn, followKeys } from './audience.ts';
import { toAuthor, type Author } from './authors.ts';
import { celebritiesFollowedBy, followerPages, isFollowing, putAll } from './follows.ts';
import { keys } from './keys.ts';
import { isLikeCounter, likeCounterKeys, likeTotals } from './likes.ts';
import { entryFields, postView, queryPostsBy, type PostItem } from './posts.ts';

interface Entry { SK: string; postId: string; authorId: string; createdAt: string }

/**
 * Authors' copies a feed page shows, kept by this instance for AUTHOR_CACHE_MS: a page of 20 authors then reads
 * no more keys than a page of one, and a name, picture, plan (the member badge) or moderation change shows within
 * that time. The badge itself is worked out from the copy's tier and end date at each read, so a plan that ends
 * loses it at once.
 */
const AUTHOR_CACHE_MS = 30_000;

/**
 * The celebrities a reader follows (usually none), kept by this instance for the same time: a page's first round
 * trip is then the timeline Query alone. Following or unfollowing through this instance forgets the reader's entry.
 */
const celebrityCache = new Map<string, { ids: string[]; at: number }>();
async function celebritiesOf(readerId: string): Promise<string[]> {
  const hit = celebrityCache.get(readerId);
  if (hit && Date.now() - hit.at < AUTHOR_CACHE_MS) return hit.ids;
  const ids = await celebritiesFollowedBy(readerId);
  celebrityCache.delete(readerId);
  celebrityCache.set(readerId, { ids, at: Date.now() });
  if (celebrityCache.size > AUTHOR_CACHE_MAX) celebrityCache.delete(celebrityCache.keys().next().value!);
  return ids;
}
export const forgetCelebrities = (readerId: string) => celebrityCache.delete(readerId);
const AUTHOR_CACHE_MAX = 5_000;
const authorCache = new Map<string, { author: Author; at: number }>();
function cachedAuthor(userId: string, now: number): Author | undefined {
  const hit = authorCache.get(userId);
  return hit && now - hit.at < AUTHOR_CACHE_MS ? hit.author : undefined;
}
function rememberAuthor(author: Author, now: number): Author {
  authorCache.delete(author.userId);
  authorCache.set(author.userId, { author, at: now });
  if (authorCache.size > AUTHOR_CACHE_MAX) authorCache.delete(authorCache.keys().next().value!);
  return author;
}

/**
 * AP: a page of the reader's feed, newest first (docs/architecture.md, "Feed"). Two sequential round trips:
 * (1) the timeline page (and the reader's celebrity markers when this instance has not kept them); (2) one
 * BatchGet of the posts (live comment counts), their like counters (LIKE_SHARDS each, summed: data/likes.ts), the
 * reader's likes of them, the reader's own copy, the authors this instance has not kept and the reader's follow
 * edges to those the visibility rule needs them for, in parallel with the latest posts of each followed celebrity
 * (merged in at read time). Only a reader who follows a celebrity pays a third, for their likes of those merged
 * posts and those posts' like counters.
 */
export async function readFeed(readerId: string, before: string | undefined): Promise<{ items: Post[]; nextCursor: string | null }> {
  const [page, celebrities] = await Promise.all([
    ddb.send(new QueryCommand({
      TableName: TABLE, ScanIndexForward: false, Limit: FEED_PAGE_SIZE,
      KeyConditionExpression: before ? 'PK = :pk AND SK < :before' : 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.timeline(readerId), ...(before ? { ':before': before } : {}) },
    })),
    celebritiesOf(readerId),
  ]);
  const entries = (page.Items ?? []) as unknown as Entry[];
  const postIds = entries.map((e) => e.postId);
  const now = Date.now();
  const authors = new Map<string, Author>();
  const authorIds = new Set([...entries.map((e) => e.authorId), ...celebrities]);
  for (const id of authorIds) {
    const cached = id === readerId ? undefined : cachedAuthor(id, now);
    if (cached) authors.set(id, cached);
  }
  // The reader's own copy is always read (their content filter applies at once); other authors come from the cache.
  const toRead = [readerId, ...[...authorIds].filter((id) => !authors.has(id) && id !== readerId)];
  // The reader's follow edges, for the visibility rule: to each author not kept, and to each kept one it matters for.
  const edges = [...authorIds].filter((id) => { const a = authors.get(id); return !a || followMatters(readerId, a); });
  const [batch, merged] = await Promise.all([
    batchGetAll([
      ...postIds.map(keys.post), ...likeCounterKeys(postIds), ...postIds.map((id) => keys.like(id, readerId)),
      ...toRead.map(keys.author), ...followKeys(readerId, edges),
    ]),
    Promise.all(celebrities.map((c) => queryPostsBy(c, before, FEED_PAGE_SIZE))),
  ]);
  const posts = new Map<string, PostItem>();
  const liked = new Set<string>();
  const followed = followedIn(batch);
  const likeCounts = likeTotals(batch);
  for (const i of batch) {
    if (isLikeCounter(i)) continue;
    if (i.SK === 'POST' && !i.isHidden) posts.set(String(i.postId), i as unknown as PostItem);
    else if (String(i.SK).startsWith('LIKE#')) liked.add(String(i.postId));
    else if (i.SK === 'AUTHOR') authors.set(String(i.userId), rememberAuthor(toAuthor(i, String(i.userId)), now));
  }
  let candidates: { sk: string; post: PostItem }[] = entries.flatMap((e) => {
    const p = posts.get(e.postId);
    return p ? [{ sk: e.SK, post: p }] : [];
  });
  let more = page.LastEvaluatedKey !== undefined;
  if (celebrities.length) {
    const extra = merged.flatMap((m) => m.items.filter((p) => !p.isHidden)).filter((p) => !posts.has(p.postId));
    more ||= merged.some((m) => m.more);
    candidates = [...candidates, ...extra.map((p) => ({ sk: keys.postSk(p.createdAt, p.postId), post: p }))].sort((a, b) => (a.sk < b.sk ? 1 : -1));
    if (candidates.length > FEED_PAGE_SIZE) {
      candidates = candidates.slice(0, FEED_PAGE_SIZE);
      more = true;
    }
    const shown = extra.filter((p) => candidates.some((c) => c.post === p)).map((p) => p.postId);
    if (shown.length) {
      const third = await batchGetAll([...shown.map((id) => keys.like(id, readerId)), ...likeCounterKeys(shown)]);
      for (const l of third) if (!isLikeCounter(l)) liked.add(String(l.postId));
      for (const [id, n] of likeTotals(third)) likeCounts.set(id, n);
    }
  }
  const reader = authors.get(readerId) ?? toAuthor(undefined, readerId);
  const authorOf = (id: string) => authors.get(id) ?? toAuthor(undefined, id);
  // A timeline may still hold entries of a member the reader no longer follows: the one rule decides (domain/visibility.ts).
  const items = candidates
    .filter(({ post }) => canSee({ id: readerId, follows: followed.has(post.userId) }, authorOf(post.userId)))
    .map(({ post }) => postView(post, authorOf(post.userId), { byMe: liked.has(post.postId), count: likeCounts.get(post.postId) ?? 0 }, reader.contentFilter));
  const last = candidates.at(-1);
  return { items, nextCursor: more && last ? encodeCursor(last.sk) : null };
}

/**
 * Fan-out on write (the PostPublished worker): a timeline entry for each follower, written in batches.
 * Authors over the threshold are not fanned out (their followers merge their posts in when they read).
 * Idempotent: an entry is a plain put of the same key.
 */
export async function fanOut(post: PostItem): Promise<number> {
  let delivered = 0;
  for await (const followers of followerPages(post.userId)) {
    await putAll(followers.map((f) => ({ ...keys.timelineEntry(f, keys.postSk(post.createdAt, post.postId)), ...entryFields(post) })));
    delivered += followers.length;
  }
  return delivered;
}

/** Following someone copies their latest posts into the follower's timeline (the FollowChanged worker). */
export async function backfill(followerId: string, followeeId: string): Promise<void> {
  if (!(await isFollowing(followerId, followeeId))) return;
  const { items } = await queryPostsBy(followeeId, undefined, FOLLOW_BACKFILL_POSTS);
  await putAll(items.filter((p) => !p.isHidden).map((p) => ({ ...keys.timelineEntry(followerId, keys.postSk(p.createdAt, p.postId)), ...entryFields(p) })));
}

/** Unfollowing removes the unfollowed member's entries from the follower's timeline (new ones stop at once). */
export async function removeFromTimeline(followerId: string, followeeId: string): Promise<void> {
  if (await isFollowing(followerId, followeeId)) return;
  const out = await ddb.send(new QueryCommand({
    TableName: TABLE, KeyConditionExpression: 'PK = :pk', FilterExpression: 'authorId = :a', ProjectionExpression: 'PK, SK',
    ExpressionAttributeValues: { ':pk': keys.timeline(followerId), ':a': followeeId }, ScanIndexForward: false, Limit: 500,
  }));
  await deleteKeys((out.Items ?? []).map((i) => ({ PK: String(i.PK), SK: String(i.SK) })));
}

/** The newest posts Discover weighs per day, read as an equal share from each of the day's DAY_SHARDS partitions. */
const DISCOVER_PER_DAY = 200;

/**
 * AP: Discover Community: the last DISCOVER_DAYS days' posts (GSI2, DAY_SHARDS partitions per day, all queried in
 * parallel and merged), of what any member may see (public profiles, no member hidden by a moderator), ranked by likes
 * and comments with a decay by age; the top page. The ranking reads the index alone, so it weighs a post's `likeRank`
 * (its like count rounded down to a power of two: data/likes.ts); the page shows the exact counts, read with the live
 * posts and the reader's likes in one BatchGet.
 */
export async function discover(readerId: string, now = new Date()): Promise<Post[]> {
  const days = Array.from({ length: DISCOVER_DAYS }, (_, i) => isoDay(new Date(now.getTime() - i * 86_400_000)));
  const partitions = days.flatMap((day) => keys.dayShards().map((shard) => keys.postsOfDay(day, shard)));
  const pages = await Promise.all(partitions.map((pk) => ddb.send(new QueryCommand({
    TableName: TABLE, IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk', ScanIndexForward: false,
    Limit: Math.ceil(DISCOVER_PER_DAY / keys.dayShards().length), ExpressionAttributeValues: { ':pk': pk },
  }))));
  const all = pages.flatMap((p) => (p.Items ?? []) as unknown as PostItem[]).filter((p) => !p.isHidden);
  const authorIds = new Set([readerId, ...all.map((p) => p.userId)]);
  const authorItems = await batchGetAll([...authorIds].map(keys.author));
  const authors = new Map(authorItems.map((a) => [String(a.userId), toAuthor(a, String(a.userId))]));
  const score = (p: PostItem) => {
    const ageHours = (now.getTime() - Date.parse(p.createdAt)) / 3_600_000;
    return (1 + Number(p.likeRank ?? 0) * 2 + Number(p.commentCount ?? 0) * 3) / (ageHours + 2) ** 1.2;
  };
  const top = all
    .filter((p) => { const a = authors.get(p.userId); return a !== undefined && canSee(ANY_MEMBER, a); })
    .sort((a, b) => score(b) - score(a))
    .slice(0, FEED_PAGE_SIZE);
  const ids = top.map((p) => p.postId);
  const batch = await batchGetAll([...ids.map(keys.post), ...likeCounterKeys(ids), ...ids.map((id) => keys.like(id, readerId))]);
  const live = new Map(batch.filter((i) => i.SK === 'POST' && !i.isHidden).map((i) => [String(i.postId), i as unknown as PostItem]));
  const liked = new Set(batch.filter((i) => String(i.SK).startsWith('LIKE#')).map((l) => String(l.postId)));
  const counts = likeTotals(batch);
  const reader = authors.get(readerId) ?? toAuthor(undefined, readerId);
  return top.flatMap((p) => {
    const post = live.get(p.postId);
    return post ? [postView(post, authors.get(p.userId)!, { byMe: liked.has(p.postId), count: counts.get(p.postId) ?? 0 }, reader.contentFilter)] : [];
  });
}
