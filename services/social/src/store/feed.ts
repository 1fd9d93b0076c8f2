import { batchGetAll, deleteKeys, keyOf, putAll, queryAfter, queryPage, type Item } from '@torcedor/service-kit/items';
import { recentReads } from '@torcedor/service-kit/recent';
import { DISCOVER_DAYS, FEED_PAGE_SIZE, FOLLOW_BACKFILL_POSTS } from '@torcedor/shared/constants';
import { isoDay } from '@torcedor/shared/formatters';
import { toAuthor, type Author } from '../domain/author.ts';
import { mergeCelebrityPosts, type FeedCandidate, type FeedRead } from '../domain/feed.ts';
import type { PostItem } from '../domain/posts.ts';
import { followMatters } from '../domain/visibility.ts';
import { followedIn, followKeys } from './audience.ts';
import { authors as authorCopies, posts as postItems } from './entities.ts';
import { celebritiesFollowedBy, followerPages, isFollowing } from './follows.ts';
import { keys } from './keys.ts';
import { isLikeCounter, likeKeys, likesIn, likeTotals } from './likes.ts';
import { queryPostsBy, timelineEntry } from './posts.ts';

interface Entry { SK: string; postId: string; authorId: string; createdAt: string }

/**
 * What this instance read a moment ago, trusted for KEPT_MS (the kit's recentReads): authors' copies a feed page
 * shows (a page of 20 authors then reads no more keys than a page of one, and a name, picture, plan or moderation
 * change shows within that time; the badge itself is worked out from the copy's tier and end date at each read, so
 * a plan that ends loses it at once), and the celebrities a reader follows (usually none: a page's first round trip
 * is then the timeline Query alone; following or unfollowing through this instance forgets the reader's entry).
 */
const KEPT_MS = 30_000;
const KEPT_MAX = 5_000;
const celebrities = recentReads<string[]>({ ttlMs: KEPT_MS, max: KEPT_MAX });
/** An author's copy kept, or undefined: not kept, the page reads it in its own BatchGet and keeps it then. */
const keptAuthors = recentReads<Author | undefined>({ ttlMs: KEPT_MS, max: KEPT_MAX });
const keptAuthor = (id: string) => keptAuthors.get(id, async () => undefined);
function keepAuthor(a: Author): void {
  keptAuthors.forget(a.userId);
  void keptAuthors.get(a.userId, async () => a);
}

/** The celebrities a reader follows, as this instance read them a moment ago. */
const celebritiesOf = (readerId: string) => celebrities.get(readerId, () => celebritiesFollowedBy(readerId));
/** Forgets the celebrities this instance keeps of a reader (they follow or unfollow someone). */
export const forgetCelebrities = (readerId: string) => celebrities.forget(readerId);

/** The reader's timeline, newest first, one page after the cursor's sort key. */
const timelinePage = (readerId: string, before: string | undefined) => queryAfter(
  { KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.timeline(readerId) } },
  { limit: FEED_PAGE_SIZE, after: before, sortKey: 'SK' },
);

/** The authors' copies this instance keeps, of these ids. */
async function keptOf(ids: string[]): Promise<Map<string, Author>> {
  const kept = await Promise.all(ids.map(keptAuthor));
  return new Map(kept.flatMap((a) => (a ? [[a.userId, a] as const] : [])));
}

/** The posts, the reader's likes, the authors' copies (kept from then on) and the follow edges of a page's BatchGet. */
function readBatch(batch: Item[], authors: Map<string, Author>) {
  const posts = new Map<string, PostItem>();
  for (const i of batch) {
    if (isLikeCounter(i)) continue;
    if (i.SK === 'POST' && !i.isHidden) posts.set(String(i.postId), i as PostItem);
    else if (i.SK === 'AUTHOR') {
      const a = toAuthor(i, String(i.userId));
      authors.set(a.userId, a);
      keepAuthor(a);
    }
  }
  return { posts, followed: followedIn(batch), ...likesIn(batch) };
}

/**
 * AP: a page of the reader's feed, newest first (docs/architecture.md, "Feed"). Two sequential round trips:
 * (1) the timeline page (and the reader's celebrity markers when this instance has not kept them); (2) one
 * BatchGet of the posts (live comment counts), their like counters (LIKE_SHARDS each, summed: store/likes.ts), the
 * reader's likes of them, the reader's own copy, the authors this instance has not kept and the reader's follow
 * edges to those the visibility rule needs them for, in parallel with the latest posts of each followed celebrity
 * (merged in at read time). Only a reader who follows a celebrity pays a third, for their likes of those merged
 * posts and those posts' like counters. What it shows: domain/feed.ts#feedView.
 */
export async function readFeed(readerId: string, before: string | undefined): Promise<FeedRead> {
  const [page, followed] = await Promise.all([timelinePage(readerId, before), celebritiesOf(readerId)]);
  const entries = page.items as unknown as Entry[];
  const postIds = entries.map((e) => e.postId);
  const authorIds = [...new Set([...entries.map((e) => e.authorId), ...followed])];
  // The reader's own copy is always read (their content filter applies at once); other authors come from the kept ones.
  const authors = await keptOf(authorIds.filter((id) => id !== readerId));
  const toRead = [readerId, ...authorIds.filter((id) => !authors.has(id) && id !== readerId)];
  // The reader's follow edges, for the visibility rule: to each author not kept, and to each kept one it matters for.
  const edges = authorIds.filter((id) => { const a = authors.get(id); return !a || followMatters(readerId, a); });
  const [batch, merged] = await Promise.all([
    batchGetAll([...postIds.map(postItems.key), ...likeKeys(readerId, postIds), ...toRead.map(authorCopies.key), ...followKeys(readerId, edges)]),
    Promise.all(followed.map((c) => queryPostsBy(c, before, FEED_PAGE_SIZE))),
  ]);
  const read = readBatch(batch, authors);
  const timeline: FeedCandidate[] = entries.flatMap((e) => {
    const p = read.posts.get(e.postId);
    return p ? [{ sk: e.SK, post: p }] : [];
  });
  const out: FeedRead = { candidates: timeline, more: page.more, liked: read.liked, counts: read.counts, authors, followed: read.followed };
  if (!followed.length) return out;
  const extra = merged.flatMap((m) => m.items.map((p) => ({ sk: keys.postSk(p.createdAt, p.postId), post: p })));
  const m = mergeCelebrityPosts(timeline, extra, page.more || merged.some((x) => x.more));
  if (m.shown.length) {
    const third = await batchGetAll(likeKeys(readerId, m.shown));
    for (const l of third) if (!isLikeCounter(l)) out.liked.add(String(l.postId));
    for (const [id, n] of likeTotals(third)) out.counts.set(id, n);
  }
  return { ...out, candidates: m.candidates, more: m.more };
}

/**
 * Fan-out on write (the PostPublished consumer): a timeline entry for each follower, written in batches.
 * Authors over the threshold are not fanned out (their followers merge their posts in when they read).
 * Idempotent: an entry is a plain put of the same key.
 */
export async function fanOut(post: PostItem): Promise<number> {
  let delivered = 0;
  for await (const followers of followerPages(post.userId)) {
    await putAll(followers.map((f) => timelineEntry(f, post)));
    delivered += followers.length;
  }
  return delivered;
}

/** AP: following someone copies their latest posts into the follower's timeline (the FollowChanged consumer). */
export async function backfill(followerId: string, followeeId: string): Promise<void> {
  if (!(await isFollowing(followerId, followeeId))) return;
  const { items } = await queryPostsBy(followeeId, undefined, FOLLOW_BACKFILL_POSTS);
  await putAll(items.filter((p) => !p.isHidden).map((p) => timelineEntry(followerId, p)));
}

/** AP: unfollowing removes the unfollowed member's entries from the follower's timeline (new ones stop at once). */
export async function removeFromTimeline(followerId: string, followeeId: string): Promise<void> {
  if (await isFollowing(followerId, followeeId)) return;
  const { items } = await queryPage({
    KeyConditionExpression: 'PK = :pk', FilterExpression: 'authorId = :a', ProjectionExpression: 'PK, SK',
    ExpressionAttributeValues: { ':pk': keys.timeline(followerId), ':a': followeeId }, ScanIndexForward: false, Limit: 500,
  });
  await deleteKeys(items.map(keyOf));
}

/** The newest posts Discover weighs per day, read as an equal share from each of the day's DAY_SHARDS partitions. */
const DISCOVER_PER_DAY = 200;

/**
 * AP: what Discover Community weighs (docs/architecture.md, "Feed"): the last DISCOVER_DAYS days' posts (GSI2,
 * DAY_SHARDS partitions per day, all queried in parallel and merged; hidden ones left out), with the copies of their
 * authors and the reader's. The ranking reads the index alone, so it weighs a post's `likeRank`
 * (domain/feed.ts#rankDiscover); the page's exact counts are read after (store/posts.ts#readPostsFor).
 */
export async function discoverCandidates(readerId: string, now: Date): Promise<{ posts: PostItem[]; authors: Map<string, Author> }> {
  const days = Array.from({ length: DISCOVER_DAYS }, (_, i) => isoDay(new Date(now.getTime() - i * 86_400_000)));
  const partitions = days.flatMap((day) => keys.dayShards().map((shard) => keys.postsOfDay(day, shard)));
  const pages = await Promise.all(partitions.map((pk) => queryPage({
    IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk', ScanIndexForward: false,
    Limit: Math.ceil(DISCOVER_PER_DAY / keys.dayShards().length), ExpressionAttributeValues: { ':pk': pk },
  })));
  const posts = pages.flatMap((p) => p.items as PostItem[]).filter((p) => !p.isHidden);
  const authorItems = await batchGetAll([...new Set([readerId, ...posts.map((p) => p.userId)])].map(authorCopies.key));
  return { posts, authors: new Map(authorItems.map((a) => [String(a.userId), toAuthor(a, String(a.userId))])) };
}
