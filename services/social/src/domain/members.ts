import type { PublicProfile } from '@torcedor/shared/schemas/social';
import { isPremiumAuthor, shownLocation, type Author } from './author.ts';
import { blockedEitherWay, type BlockState } from './blocks.ts';
import { mayMessage } from './messages.ts';

/** A member's totals as stored, with the version SocialCountsChanged carries and the celebrity flag. */
export type TotalsItem = {
  userId: string; followersCount: number; followingCount: number; reviewsCount: number; version: number; celebrity?: boolean;
};
export interface Counts { followersCount: number; followingCount: number; reviewsCount: number; version: number; celebrity: boolean }
/** A follow edge: `followerId` follows `followeeId`. */
export type FollowEdge = { followerId: string; followeeId: string; createdAt: string };
/** A follower's marker of a followed celebrity, whose posts the follower's feed merges in at read time. */
export type CelebrityMarker = { celebrityId: string };

/** A member's totals as read (0 for what was never counted). */
export const toCounts = (i: Record<string, unknown> | undefined): Counts => ({
  followersCount: Number(i?.followersCount ?? 0), followingCount: Number(i?.followingCount ?? 0),
  reviewsCount: Number(i?.reviewsCount ?? 0), version: Number(i?.version ?? 0), celebrity: i?.celebrity === true,
});

/**
 * The celebrity rule (docs/architecture.md, "Feed"): a member counts as a celebrity, whose posts are merged in at read
 * time instead of fanned out, once marked one or once their followers pass the fan-out threshold. The mark stays.
 */
export const isCelebrity = (counts: Pick<Counts, 'celebrity' | 'followersCount'>, threshold: number): boolean =>
  counts.celebrity || counts.followersCount > threshold;

/**
 * What is left to do after a follow, from the followee's totals before (as the follow read them) and after:
 * `mark`: the followee became a celebrity now (mark them, and give their followers the marker); `marker`: this
 * follower needs the marker the follow's transaction did not write (the followee became one meanwhile).
 */
export function afterFollow(before: Pick<Counts, 'celebrity'>, after: Counts, threshold: number): { mark: boolean; marker: boolean } {
  const mark = !after.celebrity && isCelebrity(after, threshold);
  return { mark, marker: (after.celebrity || mark) && !before.celebrity };
}

/** Whether a member takes new followers: they allow follow requests and no moderator hid them. */
export const acceptsFollowers = (a: Author): boolean => a.allowFollowRequests && a.isHidden !== true;

/**
 * A member's profile as the viewer may see it: `restricted` (name and picture only, no totals or details) when the
 * one visibility rule says the viewer may not see them (domain/visibility.ts), a block either way included. A block
 * either way (docs/product.md, "Blocking") also takes away Follow and Message; `blockedByMe` shows Unblock.
 */
export function profileView(id: string, p: {
  author: Author; counts: Counts; own: boolean; following: boolean; restricted: boolean; blocks: BlockState;
}): PublicProfile {
  const open = !p.restricted;
  const blocked = blockedEitherWay(p.blocks);
  return {
    id, displayName: p.author.displayName, profileImageUrl: p.author.profileImageUrl, premium: isPremiumAuthor(p.author), restricted: p.restricted,
    bio: open ? p.author.bio : null, location: open ? (p.own ? p.author.location : shownLocation(p.author)) : null,
    followersCount: open ? p.counts.followersCount : null, followingCount: open ? p.counts.followingCount : null,
    reviewsCount: open ? p.counts.reviewsCount : null, humidorCount: open ? p.author.humidorCount : null,
    isOwnProfile: p.own, isFollowing: p.following,
    canFollow: !p.own && !p.following && !blocked && acceptsFollowers(p.author),
    canMessage: !p.own && mayMessage(p.author, { follows: p.following, blocked }),
    blockedByMe: p.blocks.blockedByMe,
  };
}
