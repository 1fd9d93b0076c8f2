import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';
import { deleteKeys, indexKeys, keyOf } from '@torcedor/service-kit/items';
import { eventPart } from '@torcedor/service-kit/outbox';
import { transact } from '@torcedor/service-kit/transactions';
import { isoDay } from '@torcedor/shared/formatters';
import type { Comment, Post } from '@torcedor/shared/schemas/social';
import type { ContentFilter } from '@torcedor/shared/schemas/identity';
import { filterContent } from '../domain/content-filter.ts';
import { isPremiumAuthor, shownLocation, type Author } from './authors.ts';
import { keys } from './keys.ts';
import { notificationPart } from './notifications.ts';

/**
 * A post as stored. Its like count is not on it (every index projects the item): it is the sum of its like counters
 * (data/likes.ts); `likeRank` is the coarse hint Discover ranks by.
 */
export interface PostItem {
  postId: string; userId: string; postType: 'text' | 'image'; content: string; imageUrl: string | null;
  commentCount: number; createdAt: string; isHidden?: boolean; likeRank?: number;
}
export interface CommentItem { commentId: string; postId: string; userId: string; content: string; createdAt: string; isHidden?: boolean }

/** The fields of a post a timeline entry carries, so a feed page renders without reading the post first. */
export const entryFields = (p: PostItem) => ({
  postId: p.postId, authorId: p.userId, postType: p.postType, content: p.content, imageUrl: p.imageUrl, createdAt: p.createdAt,
});

/** A post as the viewer sees it, with its like count (the sum of its counters) and whether the viewer likes it. */
export function postView(p: PostItem, author: Author, likes: { byMe: boolean; count: number }, filter: ContentFilter): Post {
  const likedByMe = likes.byMe;
  return {
    id: p.postId, userId: p.userId, userName: author.displayName, userLocation: shownLocation(author), userImageUrl: author.profileImageUrl,
    premium: isPremiumAuthor(author), postType: p.postType ?? 'text', content: filterContent(p.content, filter), imageUrl: p.imageUrl ?? null,
    likeCount: Math.max(0, likes.count), commentCount: Math.max(0, Number(p.commentCount ?? 0)), likedByMe, createdAt: p.createdAt,
  };
}

export function commentView(c: CommentItem, author: Author, filter: ContentFilter): Comment {
  return {
    id: c.commentId, postId: c.postId, userId: c.userId, userName: author.displayName, userImageUrl: author.profileImageUrl,
    premium: isPremiumAuthor(author), content: filterContent(c.content, filter), createdAt: c.createdAt,
  };
}

/** AP: one post (consistent read), or null when it does not exist or was hidden by a moderator. */
export async function getPost(postId: string): Promise<PostItem | null> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.post(postId), ConsistentRead: true }));
  const p = out.Item as PostItem | undefined;
  return p && !p.isHidden ? p : null;
}

/**
 * AP: store a post once, with the author's own timeline entry (the author sees it at once) and the
 * PostPublished event that fans it out to the followers, in one transaction. A repeat with the same id
 * (an idempotent retry) changes nothing. Its day's Discover entry goes to one of the day's DAY_SHARDS partitions.
 */
export async function createPost(p: PostItem): Promise<void> {
  const sk = keys.postSk(p.createdAt, p.postId);
  const day = keys.postsOfDay(isoDay(new Date(p.createdAt)), keys.dayShardOf(p.postId));
  await transact({
    post: {
      Put: {
        TableName: TABLE, ConditionExpression: 'attribute_not_exists(PK)',
        Item: { ...keys.post(p.postId), ...p, ...indexKeys({ GSI1: [keys.postsBy(p.userId), sk], GSI2: [day, sk] }) },
      },
    },
    own: { Put: { TableName: TABLE, Item: { ...keys.timelineEntry(p.userId, sk), ...entryFields(p) } } },
    event: eventPart('PostPublished', { postId: p.postId, userId: p.userId, createdAt: p.createdAt }),
  });
}

/**
 * AP: delete one's own post; its likes and comments go with it (the worker). False when the post is not the
 * caller's or does not exist: nothing changes.
 */
export async function deletePost(userId: string, postId: string): Promise<boolean> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.post(postId), ConsistentRead: true }));
  const p = out.Item as PostItem | undefined;
  if (!p || p.userId !== userId) return false;
  const r = await transact({
    post: { Delete: { TableName: TABLE, Key: keys.post(postId), ConditionExpression: 'userId = :me', ExpressionAttributeValues: { ':me': userId } } },
    own: { Delete: { TableName: TABLE, Key: keys.timelineEntry(userId, keys.postSk(p.createdAt, postId)) } },
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
    const out = await ddb.send(new QueryCommand({
      TableName: TABLE, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': parts[at] },
      ProjectionExpression: 'PK, SK', ConsistentRead: true, Limit: limit - done,
    }));
    const found = (out.Items ?? []).map(keyOf);
    await deleteKeys(found);
    done += found.length;
    if (done >= limit) return { part: at, done };
  }
  await deleteKeys(keys.likeCounters(postId));
  return { part: null, done };
}

/** AP: a post's comments, oldest first. */
export async function listComments(postId: string): Promise<CommentItem[]> {
  const out: CommentItem[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(new QueryCommand({
      TableName: TABLE, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :c)', ExclusiveStartKey: start,
      ExpressionAttributeValues: { ':pk': keys.postPartition(postId), ':c': 'COMMENT#' },
    }));
    out.push(...((page.Items ?? []) as CommentItem[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return out.filter((c) => !c.isHidden).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.commentId.localeCompare(b.commentId));
}

/** AP: add a comment and count it on the post in one transaction; false when the post is gone or hidden. */
export async function addComment(post: PostItem, c: CommentItem): Promise<boolean> {
  const r = await transact({
    comment: {
      Put: {
        TableName: TABLE, ConditionExpression: 'attribute_not_exists(PK)',
        Item: { ...keys.comment(c.postId, c.commentId), ...c, ...indexKeys({ GSI1: [keys.commentsBy(c.userId), keys.postSk(c.createdAt, c.commentId)] }) },
      },
    },
    post: {
      Update: {
        TableName: TABLE, Key: keys.post(c.postId), UpdateExpression: 'ADD commentCount :one', ExpressionAttributeValues: { ':one': 1 },
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(isHidden)',
      },
    },
    notify: notificationPart(post.userId, { type: 'comment', actorId: c.userId, targetId: c.postId, excerpt: c.content.slice(0, 80), createdAt: c.createdAt }),
  });
  return r.ok || !r.failed.includes('post');
}

/** AP: delete one's own comment and give its count back; false (nothing changes) when it is not the caller's. */
export async function deleteComment(userId: string, postId: string, commentId: string): Promise<boolean> {
  const r = await transact({
    comment: { Delete: { TableName: TABLE, Key: keys.comment(postId, commentId), ConditionExpression: 'userId = :me', ExpressionAttributeValues: { ':me': userId } } },
    post: { Update: { TableName: TABLE, Key: keys.post(postId), UpdateExpression: 'ADD commentCount :d', ExpressionAttributeValues: { ':d': -1 }, ConditionExpression: 'attribute_exists(PK)' } },
  });
  return r.ok;
}

/** AP: a member's posts, newest first, one page (GSI1). */
export async function queryPostsBy(userId: string, before: string | undefined, limit: number) {
  const page = await ddb.send(new QueryCommand({
    TableName: TABLE, IndexName: 'GSI1', ScanIndexForward: false, Limit: limit,
    KeyConditionExpression: before ? 'GSI1PK = :pk AND GSI1SK < :before' : 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.postsBy(userId), ...(before ? { ':before': before } : {}) },
  }));
  return { items: (page.Items ?? []) as unknown as PostItem[], more: page.LastEvaluatedKey !== undefined };
}
