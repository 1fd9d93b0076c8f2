import { decodeCursor, encodeCursor } from '@torcedor/service-kit/cursor';
import { badRequest, forbidden, notFound } from '@torcedor/service-kit/errors';
import type { RouteHandler } from '@torcedor/service-kit/http';
import { FEED_PAGE_SIZE } from '@torcedor/shared/constants';
import type { Routes } from '@torcedor/shared/routes';
import { config } from '../config.ts';
import { blockedEitherWay } from '../domain/blocks.ts';
import { acceptsFollowers, afterFollow, profileView } from '../domain/members.ts';
import { postView } from '../domain/posts.ts';
import { reviewView } from '../domain/reviews.ts';
import { canSee } from '../domain/visibility.ts';
import { readAuthor } from '../store/authors.ts';
import { blockState, exportBlocks, isBlockedEitherWay } from '../store/blocks.ts';
import { readCounts } from '../store/counts.ts';
import { forgetCelebrities } from '../store/feed.ts';
import { addCelebrityMarker, follow, isFollowing, markCelebrity, readMemberState, unfollow } from '../store/follows.ts';
import { keys } from '../store/keys.ts';
import { readLikes } from '../store/likes.ts';
import { exportMember } from '../store/member.ts';
import { queryPostsBy } from '../store/posts.ts';
import { reviewsBy } from '../store/reviews.ts';

/**
 * A member as the viewer may see them: `restricted` (name and picture only, no posts or reviews) when the one
 * visibility rule says the viewer may not see them (domain/visibility.ts), a block either way included (its two
 * items: one BatchGet beside the member's). 404 for a member social has no copy of.
 */
async function profileOf(viewerId: string, memberId: string) {
  const [s, blocks] = await Promise.all([readMemberState(viewerId, memberId), blockState(viewerId, memberId)]);
  if (!s.author) throw notFound('Member not found');
  const own = viewerId === memberId;
  const blocked = blockedEitherWay(blocks) ? new Set([memberId]) : undefined;
  const restricted = !canSee({ id: viewerId, follows: s.following, blocked }, s.author);
  return { ...s, author: s.author, own, restricted, blocks };
}

export const getUser: RouteHandler<Routes['getUser']> = async ({ session, params }) =>
  profileView(params.id, await profileOf(session.userId, params.id));

export const getUserPosts: RouteHandler<Routes['getUserPosts']> = async ({ session, params, query }) => {
  const before = decodeCursor(query.cursor);
  const p = await profileOf(session.userId, params.id);
  if (p.restricted) return { items: [], nextCursor: null };
  const page = await queryPostsBy(params.id, before, FEED_PAGE_SIZE);
  const visible = page.items.filter((i) => !i.isHidden);
  // The caller's likes and the posts' like counters: one BatchGet (store/likes.ts).
  const [likes, me] = await Promise.all([readLikes(session.userId, visible.map((i) => i.postId)), readAuthor(session.userId)]);
  const last = page.items.at(-1);
  return {
    items: visible.map((i) => postView(i, p.author, { byMe: likes.liked.has(i.postId), count: likes.counts.get(i.postId) ?? 0 }, me.contentFilter)),
    nextCursor: page.more && last ? encodeCursor(keys.postSk(last.createdAt, last.postId)) : null,
  };
};

export const getUserReviews: RouteHandler<Routes['getUserReviews']> = async ({ session, params }) => {
  const p = await profileOf(session.userId, params.id);
  if (p.restricted) return [];
  const [reviews, me] = await Promise.all([reviewsBy(params.id), readAuthor(session.userId)]);
  return reviews.map((r) => reviewView(r, p.author, me.contentFilter));
};

export const getFollowStatus: RouteHandler<Routes['getFollowStatus']> = async ({ session, params }) =>
  ({ isFollowing: session.userId !== params.id && (await isFollowing(session.userId, params.id)) });

const closed = () => forbidden('This member is not accepting new followers', 'FOLLOWS_CLOSED');

/**
 * Follows a member who takes followers. Then the celebrity rule (domain/members.ts): a followee who now counts as a
 * celebrity is marked, and a follow that raced the account becoming one still gets its marker (the marking reads an
 * index, which may not hold this follow yet).
 */
export const followMember: RouteHandler<Routes['follow']> = async ({ session, params }) => {
  const me = session.userId;
  forgetCelebrities(me);
  if (params.id === me) throw badRequest('You cannot follow yourself', undefined, 'SELF_FOLLOW');
  const [s, blocked] = await Promise.all([readMemberState(me, params.id), isBlockedEitherWay(me, params.id)]);
  if (!s.author) throw notFound('Member not found');
  // A block either way refuses a follow as a closed profile does (docs/product.md, "Blocking"): which one is not told.
  if (blocked) throw closed();
  if (!s.following) {
    if (!acceptsFollowers(s.author)) throw closed();
    // A block written between the check above and this follow: whichever comes second sees the other (store/blocks.ts#block).
    if (await follow(me, params.id, s.counts.celebrity) && await isBlockedEitherWay(me, params.id)) {
      await unfollow(me, params.id);
      throw closed();
    }
  }
  const counts = await readCounts(params.id);
  const next = afterFollow(s.counts, counts, config.SOCIAL_FANOUT_THRESHOLD);
  if (next.mark) await markCelebrity(params.id);
  if (next.marker) await addCelebrityMarker(me, params.id);
  return { isFollowing: true, followersCount: counts.followersCount };
};

export const unfollowMember: RouteHandler<Routes['unfollow']> = async ({ session, params }) => {
  if (params.id === session.userId) throw badRequest('You cannot unfollow yourself', undefined, 'SELF_FOLLOW');
  forgetCelebrities(session.userId);
  await unfollow(session.userId, params.id);
  const counts = await readCounts(params.id);
  return { isFollowing: false, followersCount: counts.followersCount };
};

/** The member's export: everything social holds of them, whom they blocked included. */
export const exportSocial: RouteHandler<Routes['exportSocial']> = async ({ session }) => {
  const [part, blocks] = await Promise.all([exportMember(session.userId), exportBlocks(session.userId)]);
  return { ...part, items: [...part.items, ...blocks] };
};
