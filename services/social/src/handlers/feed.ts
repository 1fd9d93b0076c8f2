import { decodeCursor } from '@torcedor/service-kit/cursor';
import type { RouteHandler } from '@torcedor/service-kit/http';
import type { Routes } from '@torcedor/shared/routes';
import type { Post } from '@torcedor/shared/schemas/social';
import { toAuthor } from '../domain/author.ts';
import { discoverView, feedView, rankDiscover } from '../domain/feed.ts';
import { blockedIdsOf } from '../store/blocks.ts';
import { discoverCandidates, readFeed } from '../store/feed.ts';
import { readPostsFor } from '../store/posts.ts';

/**
 * The reader's feed, a page after the cursor (docs/architecture.md, "Feed"), without the members blocked by or
 * blocking the reader (one Query beside the page's read: store/blocks.ts#blockedIdsOf).
 */
export const getFeed: RouteHandler<Routes['getFeed']> = async ({ session, query }) => {
  const [page, blocked] = await Promise.all([readFeed(session.userId, decodeCursor(query.cursor)), blockedIdsOf(session.userId)]);
  return feedView(session.userId, page, blocked);
};

/**
 * Discover Community as the reader sees it at `now`: the posts weighed (store/feed.ts#discoverCandidates), ranked
 * (domain/feed.ts#rankDiscover, less the members blocked by or blocking the reader), then the top page read as it is now, with its exact counts and the reader's likes.
 */
export async function discover(readerId: string, now = new Date()): Promise<Post[]> {
  const [{ posts, authors }, blocked] = await Promise.all([discoverCandidates(readerId, now), blockedIdsOf(readerId)]);
  const top = rankDiscover(posts, authors, now, blocked);
  const { live, ...likes } = await readPostsFor(readerId, top.map((p) => p.postId));
  return discoverView(top, live, likes, authors, authors.get(readerId) ?? toAuthor(undefined, readerId));
}

export const getDiscover: RouteHandler<Routes['getDiscover']> = async ({ session }) => discover(session.userId);
