import { encodeCursor } from '@torcedor/service-kit/cursor';
import { FEED_PAGE_SIZE } from '@torcedor/shared/constants';
import type { Post } from '@torcedor/shared/schemas/social';
import { toAuthor, type Author } from './author.ts';
import { postView, type PostItem } from './posts.ts';
import { ANY_MEMBER, canSee } from './visibility.ts';

/** A post a feed page may show, with its sort key in the reader's list (the page cursor names the last one's). */
export interface FeedCandidate { sk: string; post: PostItem }

/** The reader's likes of some posts and those posts' like counts (the sums of their counters). */
export interface Likes { liked: Set<string>; counts: Map<string, number> }

/**
 * A feed page as read (docs/architecture.md, "Feed"): its posts in order, whether more follow, the reader's likes
 * and the posts' counts, the copies of the reader and the authors, and the authors the reader follows (where
 * following changes what the reader may see).
 */
export interface FeedRead extends Likes { candidates: FeedCandidate[]; more: boolean; authors: Map<string, Author>; followed: Set<string> }

/**
 * A timeline page with the latest posts of the celebrities the reader follows merged in (docs/architecture.md,
 * "Feed"): newest first, at most FEED_PAGE_SIZE (a page cut short says more follow). `shown`: the merged posts the
 * page keeps, whose likes are still to be read.
 */
export function mergeCelebrityPosts(timeline: FeedCandidate[], merged: FeedCandidate[], more: boolean): { candidates: FeedCandidate[]; more: boolean; shown: string[] } {
  const known = new Set(timeline.map((c) => c.post.postId));
  const extra = merged.filter((c) => !c.post.isHidden && !known.has(c.post.postId));
  let candidates = [...timeline, ...extra].sort((a, b) => (a.sk < b.sk ? 1 : -1));
  let moreLeft = more;
  if (candidates.length > FEED_PAGE_SIZE) {
    candidates = candidates.slice(0, FEED_PAGE_SIZE);
    moreLeft = true;
  }
  const shown = extra.filter((c) => candidates.includes(c)).map((c) => c.post.postId);
  return { candidates, more: moreLeft, shown };
}

/**
 * A feed page as the reader sees it. A timeline may still hold entries of a member the reader no longer follows, or
 * blocked, or is blocked by (`blocked`, both ways): the one rule decides (domain/visibility.ts). The cursor names the
 * last post read, shown or not.
 */
export function feedView(readerId: string, r: FeedRead, blocked: ReadonlySet<string>): { items: Post[]; nextCursor: string | null } {
  const reader = r.authors.get(readerId) ?? toAuthor(undefined, readerId);
  const authorOf = (id: string) => r.authors.get(id) ?? toAuthor(undefined, id);
  const items = r.candidates
    .filter(({ post }) => canSee({ id: readerId, follows: r.followed.has(post.userId), blocked }, authorOf(post.userId)))
    .map(({ post }) => postView(post, authorOf(post.userId), { byMe: r.liked.has(post.postId), count: r.counts.get(post.postId) ?? 0 }, reader.contentFilter));
  const last = r.candidates.at(-1);
  return { items, nextCursor: r.more && last ? encodeCursor(last.sk) : null };
}

/** Discover's weight of a post at `now`: its likes (the coarse `likeRank`) and comments, with a decay by age. */
export function discoverScore(p: PostItem, now: Date): number {
  const ageHours = (now.getTime() - Date.parse(p.createdAt)) / 3_600_000;
  return (1 + Number(p.likeRank ?? 0) * 2 + Number(p.commentCount ?? 0) * 3) / (ageHours + 2) ** 1.2;
}

/**
 * Discover Community's top page (docs/product.md, "Social"): of the posts weighed, what any member may see (public
 * profiles, no member hidden by a moderator) less the members blocked by or blocking the reader (`blocked`),
 * heaviest first.
 */
export function rankDiscover(posts: PostItem[], authors: Map<string, Author>, now: Date, blocked: ReadonlySet<string>): PostItem[] {
  return posts
    .filter((p) => !p.isHidden)
    .filter((p) => { const a = authors.get(p.userId); return a !== undefined && canSee({ ...ANY_MEMBER, blocked }, a); })
    .sort((a, b) => discoverScore(b, now) - discoverScore(a, now))
    .slice(0, FEED_PAGE_SIZE);
}

/** Discover's page as the reader sees it: the ranked posts still live, with their exact counts and the reader's likes. */
export function discoverView(top: PostItem[], live: Map<string, PostItem>, likes: Likes, authors: Map<string, Author>, reader: Author): Post[] {
  return top.flatMap((p) => {
    const post = live.get(p.postId);
    return post ? [postView(post, authors.get(p.userId)!, { byMe: likes.liked.has(p.postId), count: likes.counts.get(p.postId) ?? 0 }, reader.contentFilter)] : [];
  });
}
