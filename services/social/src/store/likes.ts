import { TABLE } from '@torcedor/service-kit/ddb';
import { batchGetAll, deleteKeys, indexKeys, keyOf, setExpression, type Item } from '@torcedor/service-kit/items';
import { RACED, retryOnRace } from '@torcedor/service-kit/race';
import { transact, type TransactPart } from '@torcedor/service-kit/transactions';
import type { Likes } from '../domain/feed.ts';
import { excerptOf, likeRankAfter, notifiesEachLike, type PostItem } from '../domain/posts.ts';
import { likes, posts } from './entities.ts';
import { keys } from './keys.ts';
import { NO_NOTIFICATION, notificationParts, type NotificationParts } from './notifications.ts';

/**
 * Likes (docs/architecture.md, "Feed"). A like never writes the post item, whose
 * attributes every index projects: the like item and one counter change in one transaction, both in the
 * partitions of the liker's shard (store/keys.ts, LIKE_SHARDS), so a viral post spreads its likes over
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

/** The reader's likes (their like items) and the posts' counts (their counters) among batch-read items. */
export const likesIn = (items: Item[]): Likes => ({
  liked: new Set(items.filter((i) => String(i.SK).startsWith('LIKE#')).map((l) => String(l.postId))),
  counts: likeTotals(items),
});

/** The keys of the reader's likes of these posts and of the posts' counters, to read in one BatchGet. */
export const likeKeys = (readerId: string, postIds: string[]) =>
  [...postIds.map((id) => keys.like(id, readerId)), ...likeCounterKeys(postIds)];

/** AP: the reader's likes of these posts and the posts' like counts: one BatchGet. */
export async function readLikes(readerId: string, postIds: string[]): Promise<Likes> {
  return likesIn(await batchGetAll(likeKeys(readerId, postIds)));
}

/** AP: the like count of one post: its LIKE_SHARDS counters, one BatchGet (consistent: the toggle's answer). */
export async function readLikeCount(postId: string): Promise<number> {
  return Math.max(0, likeTotals(await batchGetAll(keys.likeCounters(postId), { consistent: true })).get(postId) ?? 0);
}

/** A post's like notified to its author (the notification and the author's digest marker). */
const likeNotice = (userId: string, post: PostItem, createdAt: string) =>
  notificationParts(post.userId, { type: 'like', actorId: userId, targetId: post.postId, excerpt: excerptOf(post.content), createdAt });

/**
 * Discover ranks a day's posts from the index alone, so the post keeps a coarse hint of its popularity: `likeRank`, the
 * largest power of two its count reached (domain/posts.ts). The like that doubles the count writes it (conditioned on a
 * lower hint), so a post's index entries are rewritten about log2(likes) times in its life (20 times for a million),
 * never per like.
 */
export async function raiseLikeRank(post: PostItem, likeCount: number, likerId: string): Promise<void> {
  const { rank, raised, notified } = likeRankAfter(post, likeCount);
  if (!raised) return;
  const r = await transact({
    rank: posts.update(post.postId, { likeRank: rank }, {
      ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(likeRank) OR likeRank < :r)', ExpressionAttributeValues: { ':r': rank },
    }),
    // The doubling's notice to the author, once: the raise that wins the condition writes it.
    ...(notified ? likeNotice(likerId, post, new Date().toISOString()) : NO_NOTIFICATION),
  });
  if (!r.ok && !r.failed.includes('rank')) throw new Error(`like rank of ${post.postId} not raised: ${r.failed.join(', ')}`);
}

/** The change of the counter of the liker's shard: `postId` set (the counter may be new), `likes` moved by `d`. */
function counterChange(postId: string, userId: string, d: 1 | -1): TransactPart {
  const set = setExpression({ postId }, { ':d': d });
  return { Update: { TableName: TABLE, Key: keys.likeCounterOf(postId, userId), ...set, UpdateExpression: `${set.UpdateExpression} ADD likes :d` } };
}

/** The toggle's two transactions: like (item, counter +1, the author's notification and digest marker) or unlike (item, counter -1). */
function toggleParts(userId: string, post: PostItem, liked: boolean): { like: TransactPart; counter: TransactPart } & NotificationParts {
  const id = { postId: post.postId, userId };
  if (liked) return { like: likes.remove(id, { ConditionExpression: 'attribute_exists(PK)' }), counter: counterChange(post.postId, userId, -1), ...NO_NOTIFICATION };
  const now = new Date().toISOString();
  const item = { ...likes.item(id, { postId: post.postId, userId, likedAt: now }), ...indexKeys({ GSI2: [keys.likesBy(userId), keys.postSk(post.createdAt, post.postId)] }) };
  return {
    like: { Put: { TableName: TABLE, Item: item, ConditionExpression: 'attribute_not_exists(PK)' } },
    counter: counterChange(post.postId, userId, 1),
    // A popular post stops writing the author's bell on every like (its partition would take them all): past
    // LIKES_NOTIFIED_ONE_BY_ONE the author hears of each doubling instead (raiseLikeRank).
    ...(notifiesEachLike(post) ? likeNotice(userId, post, now) : NO_NOTIFICATION),
  };
}

/**
 * AP: like the post the caller may see (read by the handler), or take the like back. The like item and its counter
 * change in one transaction conditioned on the like's presence, so the counters always sum to the likes stored,
 * whatever the concurrency; a toggle that raced another (its condition failed) is decided again on the new state
 * (the kit's retryOnRace). Answers the count read (consistently) after the write. The post is not part of the
 * transaction (that would write to its partition on every like): a like that races its post's deletion can outlive
 * it, under a post no page shows; the liker's deletion still takes it back.
 */
export async function toggleLike(userId: string, post: PostItem): Promise<{ liked: boolean; likeCount: number }> {
  return retryOnRace('like toggle', async () => {
    const liked = (await likes.get({ postId: post.postId, userId })) !== undefined;
    const r = await transact(toggleParts(userId, post, liked));
    if (!r.ok) return RACED;
    const likeCount = await readLikeCount(post.postId);
    if (!liked) await raiseLikeRank(post, likeCount, userId);
    return { liked: !liked, likeCount };
  });
}

/**
 * A deleted member's like given back (store/member.ts): the like and its counter in one transaction conditioned on
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
