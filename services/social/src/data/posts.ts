import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';
import { notFound } from '@torcedor/service-kit/errors';
import { batchGetAll, indexKeys, keyOf, partitionItems, deleteKeys } from '@torcedor/service-kit/items';
import { eventPart } from '@torcedor/service-kit/outbox';
import { transact } from '@torcedor/service-kit/transactions';
import { isoDay } from '@torcedor/shared/formatters';
import type { Comment, Post } from '@torcedor/shared/schemas/social';
import type { ContentFilter } from '@torcedor/shared/schemas/identity';
import { filterContent } from '../domain/content-filter.ts';
import { isPremiumAuthor, shownLocation, type Author } from './authors.ts';
import { keys } from './keys.ts';
import { notificationPart } from './notifications.ts';

export interface PostItem {
  postId: string; userId: string; postType: 'text' | 'image'; content: string; imageUrl: string | null;
  likeCount: number; commentCount: number; createdAt: string; isHidden?: boolean;
}
export interface CommentItem { commentId: string; postId: string; userId: string; content: string; createdAt: string; isHidden?: boolean }

/** The fields of a post a timeline entry carries, so a feed page renders without reading the post first. */
export const entryFields = (p: PostItem) => ({
  postId: p.postId, authorId: p.userId, postType: p.postType, content: p.content, imageUrl: p.imageUrl, createdAt: p.createdAt,
});

/** A post as the viewer sees it. */
export function postView(p: PostItem, author: Author, likedByMe: boolean, filter: ContentFilter): Post {
  return {
    id: p.postId, userId: p.userId, userName: author.displayName, userLocation: shownLocation(author), userImageUrl: author.profileImageUrl,
    premium: isPremiumAuthor(author), postType: p.postType ?? 'text', content: filterContent(p.content, filter), imageUrl: p.imageUrl ?? null,
    likeCount: Math.max(0, Number(p.likeCount ?? 0)), commentCount: Math.max(0, Number(p.commentCount ?? 0)), likedByMe, createdAt: p.createdAt,
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
 * (an idempotent retry) changes nothing.
 */
export async function createPost(p: PostItem): Promise<void> {
  await transact({
    post: {
      Put: {
        TableName: TABLE, ConditionExpression: 'attribute_not_exists(PK)',
        Item: {
          ...keys.post(p.postId), ...p,
          ...indexKeys({ GSI1: [keys.postsBy(p.userId), keys.postSk(p.createdAt, p.postId)], GSI2: [keys.postsOfDay(isoDay(new Date(p.createdAt))), keys.postSk(p.createdAt, p.postId)] }),
        },
      },
    },
    own: { Put: { TableName: TABLE, Item: { ...keys.timelineEntry(p.userId, keys.postSk(p.createdAt, p.postId)), ...entryFields(p) } } },
    event: eventPart('PostPublished', { postId: p.postId, userId: p.userId, createdAt: p.createdAt }),
  });
}

/** AP: delete one's own post (anyone else's: 404, nothing changes); its likes and comments go with it (worker). */
export async function deletePost(userId: string, postId: string): Promise<void> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.post(postId), ConsistentRead: true }));
  const p = out.Item as PostItem | undefined;
  if (!p || p.userId !== userId) throw notFound('Post not found');
  const r = await transact({
    post: { Delete: { TableName: TABLE, Key: keys.post(postId), ConditionExpression: 'userId = :me', ExpressionAttributeValues: { ':me': userId } } },
    own: { Delete: { TableName: TABLE, Key: keys.timelineEntry(userId, keys.postSk(p.createdAt, postId)) } },
    event: eventPart('PostDeleted', { postId, userId, imageUrl: p.imageUrl ?? null }),
  });
  if (!r.ok) throw notFound('Post not found');
}

/** AP: what is left under a deleted post (likes, comments), removed by the worker. */
export async function deletePostRemains(postId: string): Promise<void> {
  await deleteKeys((await partitionItems(keys.postPartition(postId))).map(keyOf));
}

/**
 * AP: like the post, or take the like back. The like item and the post's likeCount change in one
 * transaction conditioned on the like's presence, so the count always equals the likes stored, whatever
 * the concurrency; a toggle that raced another is decided again on the new state.
 */
export async function toggleLike(userId: string, postId: string): Promise<{ liked: boolean; likeCount: number }> {
  for (let attempt = 0; ; attempt++) {
    // Toggles of one member on one post that race each other: decided again on the new state, after a short wait.
    if (attempt > 0) await new Promise((r) => setTimeout(r, Math.random() * Math.min(200, 10 * 2 ** Math.min(attempt, 5))));
    if (attempt >= 30) throw new Error('like toggle kept racing');
    const [like, post] = await Promise.all([
      ddb.send(new GetCommand({ TableName: TABLE, Key: keys.like(postId, userId), ConsistentRead: true })),
      getPost(postId),
    ]);
    if (!post) throw notFound('Post not found');
    const postCond = { ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(isHidden)' };
    const now = new Date().toISOString();
    const r = like.Item
      ? await transact({
        like: { Delete: { TableName: TABLE, Key: keys.like(postId, userId), ConditionExpression: 'attribute_exists(PK)' } },
        post: { Update: { TableName: TABLE, Key: keys.post(postId), UpdateExpression: 'ADD likeCount :d', ExpressionAttributeValues: { ':d': -1 }, ...postCond } },
      })
      : await transact({
        like: {
          Put: {
            TableName: TABLE, ConditionExpression: 'attribute_not_exists(PK)',
            Item: { ...keys.like(postId, userId), postId, userId, likedAt: now, ...indexKeys({ GSI2: [keys.likesBy(userId), keys.postSk(post.createdAt, postId)] }) },
          },
        },
        post: { Update: { TableName: TABLE, Key: keys.post(postId), UpdateExpression: 'ADD likeCount :d', ExpressionAttributeValues: { ':d': 1 }, ...postCond } },
        notify: notificationPart(post.userId, { type: 'like', actorId: userId, targetId: postId, excerpt: post.content.slice(0, 80), createdAt: now }),
      });
    if (r.ok) {
      const after = await getPost(postId);
      return { liked: !like.Item, likeCount: Math.max(0, Number(after?.likeCount ?? 0)) };
    }
    if (r.failed.includes('post')) throw notFound('Post not found');
  }
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

/** AP: add a comment and count it on the post in one transaction (the post must exist). */
export async function addComment(post: PostItem, c: CommentItem): Promise<void> {
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
  if (!r.ok && r.failed.includes('post')) throw notFound('Post not found');
}

/** AP: delete one's own comment and give its count back (anyone else's: 404, nothing changes). */
export async function deleteComment(userId: string, postId: string, commentId: string): Promise<void> {
  const r = await transact({
    comment: { Delete: { TableName: TABLE, Key: keys.comment(postId, commentId), ConditionExpression: 'userId = :me', ExpressionAttributeValues: { ':me': userId } } },
    post: { Update: { TableName: TABLE, Key: keys.post(postId), UpdateExpression: 'ADD commentCount :d', ExpressionAttributeValues: { ':d': -1 }, ConditionExpression: 'attribute_exists(PK)' } },
  });
  if (!r.ok) throw notFound('Comment not found');
}

/** AP: posts by key (live counts), in the order asked, hidden and missing ones left out. */
export async function readPosts(postIds: string[]): Promise<Map<string, PostItem>> {
  const items = postIds.length ? ((await batchGetAll(postIds.map(keys.post))) as unknown as PostItem[]) : [];
  return new Map(items.filter((p) => !p.isHidden).map((p) => [p.postId, p]));
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
