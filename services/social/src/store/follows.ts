import { write } from '@torcedor/service-kit/entity';
import { batchGetAll, putAll, queryAll, queryPages, type Item } from '@torcedor/service-kit/items';
import { eventPart } from '@torcedor/service-kit/outbox';
import { transact } from '@torcedor/service-kit/transactions';
import { toAuthor, type Author } from '../domain/author.ts';
import { toCounts, type Counts } from '../domain/members.ts';
import { countParts } from './counts.ts';
import { authors, celebrityMarkers, follows, totals } from './entities.ts';
import { keys } from './keys.ts';
import { notificationParts } from './notifications.ts';

/** AP: whether `followerId` follows `followeeId` (consistent read). */
export async function isFollowing(followerId: string, followeeId: string): Promise<boolean> {
  return (await follows.get({ followerId, followeeId })) !== undefined;
}

/**
 * AP: a member's author copy (undefined when it has not arrived or the member was deleted), totals and whether the
 * viewer follows them: one BatchGet.
 */
export async function readMemberState(viewerId: string, memberId: string): Promise<{ author: Author | undefined; counts: Counts; following: boolean }> {
  const edge = follows.key({ followerId: viewerId, followeeId: memberId });
  const items = await batchGetAll([authors.key(memberId), totals.key(memberId), edge], { consistent: true });
  const find = (k: { PK: string; SK: string }) => items.find((i) => i.PK === k.PK && i.SK === k.SK);
  const author = find(authors.key(memberId));
  return {
    author: author && toAuthor(author, memberId), counts: toCounts(find(totals.key(memberId))),
    following: viewerId !== memberId && find(edge) !== undefined,
  };
}

/** The follower's marker of a celebrity they follow, as a transaction part. */
const markerPart = (followerId: string, celebrityId: string) => celebrityMarkers.put({ followerId, celebrityId }, { celebrityId });

/**
 * AP: follow. The edge, both members' totals (each with its version and SocialCountsChanged), the
 * FollowChanged event that back-fills the follower's feed, the followee's notification and, for an account
 * that is not fanned out, the follower's marker to merge its posts at read time: one transaction, conditioned
 * on the edge not existing, so a double click or a parallel repeat counts once. Returns whether it changed.
 */
export async function follow(followerId: string, followeeId: string, celebrity: boolean): Promise<boolean> {
  const now = new Date().toISOString();
  const [fCount, fEvent] = countParts(followerId, 'followingCount', 1);
  const [eCount, eEvent] = countParts(followeeId, 'followersCount', 1);
  const r = await transact({
    edge: follows.put({ followerId, followeeId }, { followerId, followeeId, createdAt: now }, { ifAbsent: true }),
    fCount, fEvent, eCount, eEvent,
    changed: eventPart('FollowChanged', { followerId, followeeId, following: true }),
    celebrity: celebrity ? markerPart(followerId, followeeId) : undefined,
    ...notificationParts(followeeId, { type: 'follow', actorId: followerId, targetId: null, excerpt: null, createdAt: now }),
  });
  return r.ok;
}

/** AP: unfollow: the edge, both totals and the celebrity marker in one transaction conditioned on the edge existing. */
export async function unfollow(followerId: string, followeeId: string): Promise<boolean> {
  const [fCount, fEvent] = countParts(followerId, 'followingCount', -1);
  const [eCount, eEvent] = countParts(followeeId, 'followersCount', -1);
  const r = await transact({
    edge: follows.remove({ followerId, followeeId }, { ConditionExpression: 'attribute_exists(PK)' }),
    fCount, fEvent, eCount, eEvent,
    changed: eventPart('FollowChanged', { followerId, followeeId, following: false }),
    celebrity: celebrityMarkers.remove({ followerId, celebrityId: followeeId }),
  });
  return r.ok;
}

/** AP: the ids of a member's followers, page by page (GSI1, eventually consistent). */
export async function* followerPages(userId: string): AsyncGenerator<string[]> {
  const pages = queryPages({
    IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': keys.followersOf(userId) }, ProjectionExpression: 'followerId',
  });
  for await (const page of pages) yield page.map((i) => String(i.followerId));
}

/** AP: everyone a member follows (their own partition). */
export function followingOf(userId: string): Promise<Item[]> {
  return queryAll({ KeyConditionExpression: 'PK = :pk AND begins_with(SK, :f)', ExpressionAttributeValues: { ':pk': keys.follows(userId), ':f': 'FOLLOWING#' } });
}

/** AP: the accounts the reader follows whose posts are merged in at read time (usually none). */
export async function celebritiesFollowedBy(userId: string): Promise<string[]> {
  const markers = await queryAll({ KeyConditionExpression: 'PK = :pk AND begins_with(SK, :c)', ExpressionAttributeValues: { ':pk': keys.follows(userId), ':c': 'CELEB#' } });
  return markers.map((i) => String(i.celebrityId));
}

/**
 * AP: mark an author as not fanned out from now on, and give each of their current followers the marker
 * that merges their posts at read time. Idempotent: markers are plain puts, the flag is set once.
 */
export async function markCelebrity(userId: string): Promise<void> {
  await write(totals.update(userId, { celebrity: true, userId }));
  for await (const ids of followerPages(userId)) await putAll(ids.map((f) => celebrityMarkers.item({ followerId: f, celebrityId: userId }, { celebrityId: userId })));
}

/** AP: give one follower the marker of a celebrity they follow (a plain put: a repeat changes nothing). */
export async function addCelebrityMarker(followerId: string, celebrityId: string): Promise<void> {
  await write(markerPart(followerId, celebrityId));
}

