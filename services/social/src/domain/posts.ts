import type { ContentFilter } from '@torcedor/shared/schemas/identity';
import type { Comment, Post } from '@torcedor/shared/schemas/social';
import { isPremiumAuthor, shownLocation, type Author } from './author.ts';
import { filterContent } from './content-filter.ts';

/**
 * A post as stored. Its like count is not on it (every index projects the item): it is the sum of its like counters
 * (store/likes.ts); `likeRank` is the coarse hint Discover ranks by.
 */
export type PostItem = {
  postId: string; userId: string; postType: 'text' | 'image'; content: string; imageUrl: string | null;
  commentCount: number; createdAt: string; isHidden?: boolean; likeRank?: number;
};
export type CommentItem = { commentId: string; postId: string; userId: string; content: string; createdAt: string; isHidden?: boolean };
/** A member's like of a post (its GSI2 entry sorts the member's likes by the post's time). */
export type LikeItem = { postId: string; userId: string; likedAt: string };
/** One of a post's like counters: the number of like items in the like partition of its shard. */
export type LikeCounterItem = { postId: string; likes: number };

/** The fields of a post a timeline entry carries, so a feed page renders without reading the post first. */
export const entryFields = (p: PostItem) => ({
  postId: p.postId, authorId: p.userId, postType: p.postType, content: p.content, imageUrl: p.imageUrl, createdAt: p.createdAt,
});
export type TimelineEntry = ReturnType<typeof entryFields>;

/** A post as the viewer sees it, with its like count (the sum of its counters) and whether the viewer likes it. */
export function postView(p: PostItem, author: Author, likes: { byMe: boolean; count: number }, filter: ContentFilter): Post {
  const likedByMe = likes.byMe;
  return {
    id: p.postId, userId: p.userId, userName: author.displayName, userLocation: shownLocation(author), userImageUrl: author.profileImageUrl,
    premium: isPremiumAuthor(author), postType: p.postType ?? 'text', content: filterContent(p.content, filter), imageUrl: p.imageUrl ?? null,
    likeCount: Math.max(0, likes.count), commentCount: Math.max(0, Number(p.commentCount ?? 0)), likedByMe, createdAt: p.createdAt,
  };
}

/** A comment as the viewer sees it, masked by the viewer's own content filter. */
export function commentView(c: CommentItem, author: Author, filter: ContentFilter): Comment {
  return {
    id: c.commentId, postId: c.postId, userId: c.userId, userName: author.displayName, userImageUrl: author.profileImageUrl,
    premium: isPremiumAuthor(author), content: filterContent(c.content, filter), createdAt: c.createdAt,
  };
}

/** A post's comment count as shown (never negative). */
export const commentCountOf = (p: PostItem) => Math.max(0, Number(p.commentCount ?? 0));

/** A post's likes notified one by one, below this many; above, its author hears of each doubling (64, 128, …). */
export const LIKES_NOTIFIED_ONE_BY_ONE = 32;

/** Whether a like of this post is notified to its author on its own (a popular post stops writing the bell on every like). */
export const notifiesEachLike = (p: PostItem) => Number(p.likeRank ?? 0) < LIKES_NOTIFIED_ONE_BY_ONE;

/**
 * Discover's coarse hint of a post's popularity: the largest power of two its like count reached (0 for none).
 * `raised` says whether it is above the post's current hint, i.e. this like doubled the count; `notified` whether
 * that doubling is notified to the author (past LIKES_NOTIFIED_ONE_BY_ONE, only doublings are).
 */
export function likeRankAfter(p: PostItem, likeCount: number): { rank: number; raised: boolean; notified: boolean } {
  const rank = likeCount > 0 ? 2 ** Math.floor(Math.log2(likeCount)) : 0;
  return { rank, raised: rank > Number(p.likeRank ?? 0), notified: rank > LIKES_NOTIFIED_ONE_BY_ONE };
}

/** What a notification about a post or comment quotes of it. */
export const excerptOf = (text: string) => text.slice(0, 80);
