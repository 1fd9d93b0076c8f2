import { badRequest, forbidden, notFound } from '@torcedor/service-kit/errors';
import type { RouteHandler } from '@torcedor/service-kit/http';
import { FEED_PAGE_SIZE } from '@torcedor/shared/constants';
import type { Routes } from '@torcedor/shared/routes';
import type { PublicProfile } from '@torcedor/shared/schemas/social';
import { config } from '../config.ts';
import { canSee } from '../domain/visibility.ts';
import { isPremiumAuthor, readAuthors, shownLocation, toAuthor } from '../data/authors.ts';
import { readCounts } from '../data/counts.ts';
import { batchGetAll } from '@torcedor/service-kit/items';
import { follow, isFollowing, markCelebrity, readMemberState, unfollow } from '../data/follows.ts';
import { keys } from '../data/keys.ts';
import { forgetCelebrities } from '../data/feed.ts';
import { likeCounterKeys, likeTotals } from '../data/likes.ts';
import { postView, queryPostsBy } from '../data/posts.ts';
import { reviewsBy, reviewView } from '../data/reviews.ts';
import { encodeCursor, decodeCursor } from '@torcedor/service-kit/cursor';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';

/**
 * A member as the viewer may see them: `restricted` (name and picture only, no posts or reviews) when the one
 * visibility rule says the viewer may not see them (domain/visibility.ts).
 */
async function profileOf(viewerId: string, memberId: string) {
  const s = await readMemberState(viewerId, memberId);
  if (!s.author) throw notFound('Member not found');
  const author = toAuthor(s.author, memberId);
  const own = viewerId === memberId;
  const restricted = !canSee({ id: viewerId, follows: s.following }, author);
  return { ...s, author, own, restricted };
}

export const getUser: RouteHandler<Routes['getUser']> = async ({ session, params }) => {
  const p = await profileOf(session.userId, params.id);
  const open = !p.restricted;
  const view: PublicProfile = {
    id: params.id, displayName: p.author.displayName, profileImageUrl: p.author.profileImageUrl, premium: isPremiumAuthor(p.author), restricted: p.restricted,
    bio: open ? p.author.bio : null, location: open ? (p.own ? p.author.location : shownLocation(p.author)) : null,
    followersCount: open ? p.counts.followersCount : null, followingCount: open ? p.counts.followingCount : null,
    reviewsCount: open ? p.counts.reviewsCount : null, humidorCount: open ? p.author.humidorCount : null,
    isOwnProfile: p.own, isFollowing: p.following,
    canFollow: !p.own && !p.following && p.author.allowFollowRequests && p.author.isHidden !== true,
  };
  return view;
};

export const getUserPosts: RouteHandler<Routes['getUserPosts']> = async ({ session, params, query }) => {
  const before = decodeCursor(query.cursor);
  const p = await profileOf(session.userId, params.id);
  if (p.restricted) return { items: [], nextCursor: null };
  const page = await queryPostsBy(params.id, before, FEED_PAGE_SIZE);
  const visible = page.items.filter((i) => !i.isHidden);
  // The caller's likes and the posts' like counters: one BatchGet (data/likes.ts).
  const [likes, authors] = await Promise.all([
    batchGetAll([...visible.map((i) => keys.like(i.postId, session.userId)), ...likeCounterKeys(visible.map((i) => i.postId))]),
    readAuthors([session.userId]),
  ]);
  const liked = new Set(likes.filter((l) => String(l.SK).startsWith('LIKE#')).map((l) => String(l.postId)));
  const counts = likeTotals(likes);
  const filter = authors.get(session.userId)!.contentFilter;
  const last = page.items.at(-1);
  return {
    items: visible.map((i) => postView(i, p.author, { byMe: liked.has(i.postId), count: counts.get(i.postId) ?? 0 }, filter)),
    nextCursor: page.more && last ? encodeCursor(keys.postSk(last.createdAt, last.postId)) : null,
  };
};

export const getUserReviews: RouteHandler<Routes['getUserReviews']> = async ({ session, params }) => {
  const p = await profileOf(session.userId, params.id);
  if (p.restricted) return [];
  const [reviews, authors] = await Promise.all([reviewsBy(params.id), readAuthors([session.userId])]);
  const filter = authors.get(session.userId)!.contentFilter;
  return reviews.map((r) => reviewView(r, p.author, filter));
};

export const getFollowStatus: RouteHandler<Routes['getFollowStatus']> = async ({ session, params }) =>
  ({ isFollowing: session.userId !== params.id && (await isFollowing(session.userId, params.id)) });

export const followMember: RouteHandler<Routes['follow']> = async ({ session, params }) => {
  const me = session.userId;
  forgetCelebrities(me);
  if (params.id === me) throw badRequest('You cannot follow yourself', undefined, 'SELF_FOLLOW');
  const s = await readMemberState(me, params.id);
  if (!s.author) throw notFound('Member not found');
  const author = toAuthor(s.author, params.id);
  if (!s.following) {
    if (!author.allowFollowRequests || author.isHidden) throw forbidden('This member is not accepting new followers', 'FOLLOWS_CLOSED');
    await follow(me, params.id, s.counts.celebrity);
  }
  let counts = await readCounts(params.id);
  if (!counts.celebrity && counts.followersCount > config.SOCIAL_FANOUT_THRESHOLD) {
    await markCelebrity(params.id);
    counts = { ...counts, celebrity: true };
  }
  // A follow that raced the account becoming a celebrity still gets its marker (the migration reads an index).
  if (counts.celebrity && !s.counts.celebrity) {
    await ddb.send(new PutCommand({ TableName: TABLE, Item: { ...keys.celebrityFollow(me, params.id), celebrityId: params.id } }));
  }
  return { isFollowing: true, followersCount: counts.followersCount };
};

export const unfollowMember: RouteHandler<Routes['unfollow']> = async ({ session, params }) => {
  if (params.id === session.userId) throw badRequest('You cannot unfollow yourself', undefined, 'SELF_FOLLOW');
  forgetCelebrities(session.userId);
  await unfollow(session.userId, params.id);
  const counts = await readCounts(params.id);
  return { isFollowing: false, followersCount: counts.followersCount };
};
