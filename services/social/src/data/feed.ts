import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';
import { batchGetAll } from '@torcedor/service-kit/items';
import { displayName } from '@torcedor/shared/formatters';
import type { Post } from '@torcedor/shared/schemas/social';
import { keys } from './keys.ts';

const FEED_PAGE = 50;

interface PostItem { postId: string; userId: string; content: string; imageUrl: string | null; likeCount: number; commentCount: number; createdAt: string }
interface AuthorItem { userId: string; displayName: string; location: string | null; profileImageUrl: string | null }

/** AP: the member's timeline (their posts and those of members they follow), newest first. */
export async function readFeed(userId: string): Promise<Post[]> {
  const page = await ddb.send(new QueryCommand({
    TableName: TABLE,
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.timeline(userId) },
    ScanIndexForward: false,
    Limit: FEED_PAGE,
  }));
  const postIds = (page.Items ?? []).map((i) => String(i.postId));
  if (!postIds.length) return [];
  const posts = (await batchGetAll(postIds.map(keys.post))) as unknown as PostItem[];
  const authorIds = [...new Set(posts.map((p) => p.userId))];
  const [authors, likes] = await Promise.all([
    batchGetAll(authorIds.map(keys.author)) as Promise<unknown[]> as Promise<AuthorItem[]>,
    batchGetAll(postIds.map((id) => keys.like(id, userId))),
  ]);
  const authorById = new Map(authors.map((a) => [a.userId, a]));
  const liked = new Set(likes.map((l) => String(l.postId)));
  const byId = new Map(posts.map((p) => [p.postId, p]));
  return postIds.flatMap((id) => {
    const p = byId.get(id);
    if (!p) return [];
    const a = authorById.get(p.userId);
    return [{
      id: p.postId, userId: p.userId, userName: displayName(a ?? {}), userLocation: a?.location ?? null,
      userImageUrl: a?.profileImageUrl ?? null, content: p.content, imageUrl: p.imageUrl ?? null,
      likeCount: p.likeCount ?? 0, commentCount: p.commentCount ?? 0, likedByMe: liked.has(id), createdAt: p.createdAt,
    }];
  });
}
