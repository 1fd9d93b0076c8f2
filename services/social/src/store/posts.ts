import { TABLE } from '@torcedor/service-kit/ddb';
import { batchGetAll, deleteKeys, keyOf, queryAfter, queryAll, queryPage } from '@torcedor/service-kit/items';
import { eventPart } from '@torcedor/service-kit/outbox';
import { transact } from '@torcedor/service-kit/transactions';
import type { Likes } from '../domain/feed.ts';
import { entryFields, excerptOf, type CommentItem, type PostItem } from '../domain/posts.ts';
import { comments, posts, timelineEntries } from './entities.ts';
import { keys } from './keys.ts';
import { likeKeys, likesIn } from './likes.ts';
import { notificationParts } from './notifications.ts';

/** AP: one post (consistent read), or null when it does not exist or was hidden by a moderator. */
export async function getPost(postId: string): Promise<PostItem | null> {
  const p = await posts.get(postId);
  return p && !p.isHidden ? p : null;
}

/** A post's timeline entry in a reader's timeline. */
export const timelineEntry = (readerId: string, p: PostItem) =>
  timelineEntries.item({ readerId, sk: keys.postSk(p.createdAt, p.postId) }, entryFields(p));

/**
 * AP: store a post once, with the author's own timeline entry (the author sees it at once) and the
 * PostPublished event that fans it out to the followers, in one transaction. A repeat with the same id
 * (an idempotent retry) changes nothing. Its day's Discover entry goes to one of the day's DAY_SHARDS partitions.
 */
export async function createPost(p: PostItem): Promise<void> {
  await transact({
    post: posts.put(p.postId, p, { ifAbsent: true }),
    own: timelineEntries.put({ readerId: p.userId, sk: keys.postSk(p.createdAt, p.postId) }, entryFields(p)),
    event: eventPart('PostPublished', { postId: p.postId, userId: p.userId, createdAt: p.createdAt }),
  });
}

/**
 * AP: delete one's own post; its likes and comments go with it (the worker). False when the post is not the
 * caller's or does not exist: nothing changes.
 */
export async function deletePost(userId: string, postId: string): Promise<boolean> {
  const p = await posts.get(postId);
  if (!p || p.userId !== userId) return false;
  const r = await transact({
    post: posts.remove(postId, { ConditionExpression: 'userId = :me', ExpressionAttributeValues: { ':me': userId } }),
    own: timelineEntries.remove({ readerId: userId, sk: keys.postSk(p.createdAt, postId) }),
    event: eventPart('PostDeleted', { postId, userId, imageUrl: p.imageUrl ?? null }),
  });
  return r.ok;
}

/**
 * AP: one bounded batch of what is left of a deleted post, from `part` on: its like partitions (LIKE_SHARDS), then its
 * own partition (comments, the post item if still there), at most `limit` items, then its like counters last (so
 * a late unlike never brings a counter back). Each part is read from its start (a consistent Query), so a repeated
 * batch finds what it deleted gone. Answers the part to go on from, or null when nothing is left.
 */
export async function deletePostRemains(postId: string, part: number, limit: number): Promise<{ part: number | null; done: number }> {
  const parts = [...keys.likeShards().map((b) => keys.postLikes(postId, b)), keys.postPartition(postId)];
  let done = 0;
  for (let at = part; at < parts.length; at++) {
    const { items } = await queryPage({
      KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': parts[at] }, ProjectionExpression: 'PK, SK', ConsistentRead: true,
      Limit: limit - done,
    });
    await deleteKeys(items.map(keyOf));
    done += items.length;
    if (done >= limit) return { part: at, done };
  }
  await deleteKeys(keys.likeCounters(postId));
  return { part: null, done };
}

/** AP: a post's comments, oldest first (hidden ones left out). */
export async function listComments(postId: string): Promise<CommentItem[]> {
  const all = (await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :c)', ExpressionAttributeValues: { ':pk': keys.postPartition(postId), ':c': 'COMMENT#' },
  })) as CommentItem[];
  return all.filter((c) => !c.isHidden).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.commentId.localeCompare(b.commentId));
}

/** AP: add a comment and count it on the post in one transaction; false when the post is gone or hidden. */
export async function addComment(post: PostItem, c: CommentItem): Promise<boolean> {
  const r = await transact({
    comment: comments.put({ postId: c.postId, commentId: c.commentId }, c, { ifAbsent: true }),
    post: {
      Update: {
        TableName: TABLE, Key: posts.key(c.postId), UpdateExpression: 'ADD commentCount :one', ExpressionAttributeValues: { ':one': 1 },
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(isHidden)',
      },
    },
    ...notificationParts(post.userId, { type: 'comment', actorId: c.userId, targetId: c.postId, excerpt: excerptOf(c.content), createdAt: c.createdAt }),
  });
  return r.ok || !r.failed.includes('post');
}

/** AP: delete one's own comment and give its count back; false (nothing changes) when it is not the caller's. */
export async function deleteComment(userId: string, postId: string, commentId: string): Promise<boolean> {
  const r = await transact({
    comment: comments.remove({ postId, commentId }, { ConditionExpression: 'userId = :me', ExpressionAttributeValues: { ':me': userId } }),
    post: { Update: { TableName: TABLE, Key: posts.key(postId), UpdateExpression: 'ADD commentCount :d', ExpressionAttributeValues: { ':d': -1 }, ConditionExpression: 'attribute_exists(PK)' } },
  });
  return r.ok;
}

/** AP: a member's posts, newest first, one page after the cursor's sort key (GSI1). */
export async function queryPostsBy(userId: string, before: string | undefined, limit: number): Promise<{ items: PostItem[]; more: boolean }> {
  const page = await queryAfter(
    { IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': keys.postsBy(userId) } },
    { limit, after: before, sortKey: 'GSI1SK' },
  );
  return { items: page.items as PostItem[], more: page.more };
}

/**
 * AP: these posts as they are now (live ones: not deleted nor hidden), with the reader's likes of them and their
 * like counts: one BatchGet.
 */
export async function readPostsFor(readerId: string, postIds: string[]): Promise<Likes & { live: Map<string, PostItem> }> {
  const batch = await batchGetAll([...postIds.map(posts.key), ...likeKeys(readerId, postIds)]);
  const live = new Map(batch.filter((i) => i.SK === 'POST' && !i.isHidden).map((i) => [String(i.postId), i as PostItem]));
  return { live, ...likesIn(batch) };
}
