import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';
import { batchGetAll, deleteKeys, indexKeys, keyOf, type Item } from '@torcedor/service-kit/items';
import { transact, type TransactPart } from '@torcedor/service-kit/transactions';
import { keys } from './keys.ts';
import { notificationPart } from './notifications.ts';
import type { PostItem } from './posts.ts';

/**
 * Likes (docs/architecture.md, "Feed"). A like never writes the post item, whose
 * attributes every index projects: the like item and one counter change in one transaction, both in the
 * partitions of the liker's shard (data/keys.ts, LIKE_SHARDS), so a viral post spreads its likes over
 * 2 x LIKE_SHARDS partitions. A post's count is the sum of its counters, read in the same BatchGet as the posts.
 */

/** Whether a batch-read item is one of a post's like counters. */
export const isLikeCounter = (i: Item) => String(i.PK).startsWith('LIKECOUNT#');

/** Every counter key of these posts, to read beside them in one BatchGet. */
export const likeCounterKeys = (postIds: Iterable<string>) => [...new Set(postIds)].flatMap((id) => keys.likeCounters(id));

/** The like count of each post whose counters are among these items (a post with none has 0 likes). */
export function likeTotals(items: Item[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const i of items) {
    if (isLikeCounter(i)) totals.set(String(i.postId), (totals.get(String(i.postId)) ?? 0) + Number(i.likes ?? 0));
  }
  return totals;
}

/** AP: the like count of one post: its LIKE_SHARDS counters, one BatchGet (consistent: the toggle's answer). */
export async function readLikeCount(postId: string): Promise<number> {
  return Math.max(0, likeTotals(await batchGetAll(keys.likeCounters(postId), { consistent: true })).get(postId) ?? 0);
}

/**
 * Discover ranks a day's posts from the index alone, so the post keeps a coarse hint of its popularity: `likeRank`, the
 * largest power of two its count reached. The like that doubles the count writes it (conditioned on a lower hint),
 * so a post's index entries are rewritten about log2(likes) times in its life (20 times for a million), never per like.
 */
export async function raiseLikeRank(post: PostItem, likeCount: number, likerId: string): Promise<void> {
  const rank = likeCount > 0 ? 2 ** Math.floor(Math.log2(likeCount)) : 0;
  if (rank <= Number(post.likeRank ?? 0)) return;
  const notice = rank > LIKES_NOTIFIED_ONE_BY_ONE ? likeNotice(likerId, post, new Date().toISOString()) : undefined;
  const r = await transact({
    rank: {
      Update: {
        TableName: TABLE, Key: keys.post(post.postId), UpdateExpression: 'SET likeRank = :r',
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(likeRank) OR likeRank < :r)', ExpressionAttributeValues: { ':r': rank },
      },
    },
    // The doubling's notice to the author, once: the raise that wins the condition writes it.
    notify: notice,
  });
  if (!r.ok && !r.failed.includes('rank')) throw new Error(`like rank of ${post.postId} not raised: ${r.failed.join(', ')}`);
}

/** The toggle's two transactions: like (item, counter +1, the author's notification) or unlike (item, counter -1). */
function toggleParts(userId: string, post: PostItem, liked: boolean): Record<'like' | 'counter' | 'notify', TransactPart | undefined> {
  const like = keys.like(post.postId, userId);
  const counter = (d: 1 | -1) => ({
    Update: {
      TableName: TABLE, Key: keys.likeCounterOf(post.postId, userId), UpdateExpression: 'SET postId = :p ADD likes :d',
      ExpressionAttributeValues: { ':p': post.postId, ':d': d },
    },
  });
  if (liked) return { like: { Delete: { TableName: TABLE, Key: like, ConditionExpression: 'attribute_exists(PK)' } }, counter: counter(-1), notify: undefined };
  const now = new Date().toISOString();
  return {
    like: {
      Put: {
        TableName: TABLE, ConditionExpression: 'attribute_not_exists(PK)',
        Item: { ...like, postId: post.postId, userId, likedAt: now, ...indexKeys({ GSI2: [keys.likesBy(userId), keys.postSk(post.createdAt, post.postId)] }) },
      },
    },
    counter: counter(1),
    // A popular post stops writing the author's bell on every like (its partition would take them all): past
    // LIKES_NOTIFIED_ONE_BY_ONE the author hears of each doubling instead (raiseLikeRank).
    notify: Number(post.likeRank ?? 0) < LIKES_NOTIFIED_ONE_BY_ONE ? likeNotice(userId, post, now) : undefined,
  };
}

/** A post's likes notified one by one, below this many; above, its author hears of each doubling (64, 128, …). */
export const LIKES_NOTIFIED_ONE_BY_ONE = 32;
const likeNotice = (userId: string, post: PostItem, createdAt: string) =>
  notificationPart(post.userId, { type: 'like', actorId: userId, targetId: post.postId, excerpt: post.content.slice(0, 80), createdAt });

/** Toggles of one member on one post that race each other are decided again this many times, then answered as they stand. */
const TOGGLE_ATTEMPTS = 30;

/**
 * AP: like the post the caller may see (read by the handler), or take the like back. The like item and its counter
 * change in one transaction conditioned on the like's presence, so the counters always sum to the likes stored,
 * whatever the concurrency; a toggle that raced another is decided again on the new state. Answers the count read
 * (consistently) after the write. The post is not part of the transaction (that would write to its partition on every
 * like): a like that races its post's deletion can outlive it, under a post no page shows; the liker's deletion still
 * takes it back.
 */
export async function toggleLike(userId: string, post: PostItem): Promise<{ liked: boolean; likeCount: number }> {
  for (let attempt = 0; attempt < TOGGLE_ATTEMPTS; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, Math.random() * Math.min(200, 10 * 2 ** Math.min(attempt, 5))));
    const like = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.like(post.postId, userId), ConsistentRead: true }));
    const r = await transact(toggleParts(userId, post, like.Item !== undefined));
    if (r.ok) {
      const likeCount = await readLikeCount(post.postId);
      if (!like.Item) await raiseLikeRank(post, likeCount, userId);
      return { liked: !like.Item, likeCount };
    }
  }
  const [like, likeCount] = await Promise.all([
    ddb.send(new GetCommand({ TableName: TABLE, Key: keys.like(post.postId, userId), ConsistentRead: true })), readLikeCount(post.postId),
  ]);
  return { liked: like.Item !== undefined, likeCount };
}

/**
 * A deleted member's like given back (data/member.ts): the like and its counter in one transaction conditioned on
 * both, so a repeat (the like gone) changes no count. A like whose counter is gone (its post was deleted) just goes.
 */
export async function takeBackLike(like: Item): Promise<void> {
  const postId = String(like.postId);
  const r = await transact({
    like: { Delete: { TableName: TABLE, Key: keyOf(like), ConditionExpression: 'attribute_exists(PK)' } },
    counter: {
      Update: {
        TableName: TABLE, Key: keys.likeCounterOf(postId, String(like.userId)), UpdateExpression: 'ADD likes :minus',
        ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':minus': -1 },
      },
    },
  });
  if (!r.ok && r.failed.includes('counter')) await deleteKeys([keyOf(like)]);
}
