import { BatchWriteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';
import { batchGetAll, indexKeys, type Item } from '@torcedor/service-kit/items';
import { eventPart } from '@torcedor/service-kit/outbox';
import { transact } from '@torcedor/service-kit/transactions';
import { countParts, toCounts } from './counts.ts';
import { keys } from './keys.ts';
import { notificationPart } from './notifications.ts';

/** AP: whether `followerId` follows `followeeId` (consistent read). */
export async function isFollowing(followerId: string, followeeId: string): Promise<boolean> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.follow(followerId, followeeId), ConsistentRead: true }));
  return out.Item !== undefined;
}

/** AP: a member's author copy, totals and whether the viewer follows them: one BatchGet. */
export async function readMemberState(viewerId: string, memberId: string) {
  const items = await batchGetAll([keys.author(memberId), keys.counts(memberId), keys.follow(viewerId, memberId)], { consistent: true });
  const find = (k: { PK: string; SK: string }) => items.find((i) => i.PK === k.PK && i.SK === k.SK);
  return {
    author: find(keys.author(memberId)), counts: toCounts(find(keys.counts(memberId))),
    following: viewerId !== memberId && find(keys.follow(viewerId, memberId)) !== undefined,
  };
}

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
    edge: {
      Put: {
        TableName: TABLE, ConditionExpression: 'attribute_not_exists(PK)',
        Item: { ...keys.follow(followerId, followeeId), followerId, followeeId, createdAt: now, ...indexKeys({ GSI1: [keys.followersOf(followeeId), followerId] }) },
      },
    },
    fCount, fEvent, eCount, eEvent,
    changed: eventPart('FollowChanged', { followerId, followeeId, following: true }),
    celebrity: celebrity ? { Put: { TableName: TABLE, Item: { ...keys.celebrityFollow(followerId, followeeId), celebrityId: followeeId } } } : undefined,
    notify: notificationPart(followeeId, { type: 'follow', actorId: followerId, targetId: null, excerpt: null, createdAt: now }),
  });
  return r.ok;
}

/** AP: unfollow: the edge, both totals and the celebrity marker in one transaction conditioned on the edge existing. */
export async function unfollow(followerId: string, followeeId: string): Promise<boolean> {
  const [fCount, fEvent] = countParts(followerId, 'followingCount', -1);
  const [eCount, eEvent] = countParts(followeeId, 'followersCount', -1);
  const r = await transact({
    edge: { Delete: { TableName: TABLE, Key: keys.follow(followerId, followeeId), ConditionExpression: 'attribute_exists(PK)' } },
    fCount, fEvent, eCount, eEvent,
    changed: eventPart('FollowChanged', { followerId, followeeId, following: false }),
    celebrity: { Delete: { TableName: TABLE, Key: keys.celebrityFollow(followerId, followeeId) } },
  });
  return r.ok;
}

/** AP: the ids of a member's followers, page by page (GSI1, eventually consistent). */
export async function* followerPages(userId: string): AsyncGenerator<string[]> {
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(new QueryCommand({
      TableName: TABLE, IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExclusiveStartKey: start,
      ExpressionAttributeValues: { ':pk': keys.followersOf(userId) }, ProjectionExpression: 'followerId',
    }));
    yield (page.Items ?? []).map((i) => String(i.followerId));
    start = page.LastEvaluatedKey;
  } while (start);
}

/** AP: everyone a member follows (their own partition). */
export async function followingOf(userId: string): Promise<Item[]> {
  const out: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(new QueryCommand({
      TableName: TABLE, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :f)', ExclusiveStartKey: start,
      ExpressionAttributeValues: { ':pk': keys.follows(userId), ':f': 'FOLLOWING#' },
    }));
    out.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

/** AP: the accounts the reader follows whose posts are merged in at read time (usually none). */
export async function celebritiesFollowedBy(userId: string): Promise<string[]> {
  const page = await ddb.send(new QueryCommand({
    TableName: TABLE, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :c)',
    ExpressionAttributeValues: { ':pk': keys.follows(userId), ':c': 'CELEB#' },
  }));
  return (page.Items ?? []).map((i) => String(i.celebrityId));
}

/**
 * AP: mark an author as not fanned out from now on, and give each of their current followers the marker
 * that merges their posts at read time. Idempotent: markers are plain puts, the flag is set once.
 */
export async function markCelebrity(userId: string): Promise<void> {
  await ddb.send(new UpdateCommand({
    TableName: TABLE, Key: keys.counts(userId), UpdateExpression: 'SET celebrity = :yes, userId = :u',
    ExpressionAttributeValues: { ':yes': true, ':u': userId },
  }));
  for await (const ids of followerPages(userId)) await putAll(ids.map((f) => ({ ...keys.celebrityFollow(f, userId), celebrityId: userId })));
}

/** Puts items 25 per batch, retrying what DynamoDB leaves unprocessed. */
export async function putAll(items: Item[]): Promise<void> {
  for (let i = 0; i < items.length; i += 25) {
    let requests = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; requests.length; attempt++) {
      const out = await ddb.send(new BatchWriteCommand({ RequestItems: { [TABLE]: requests } }));
      requests = (out.UnprocessedItems?.[TABLE] ?? []) as typeof requests;
      if (requests.length) await new Promise((r) => setTimeout(r, Math.random() * Math.min(1000, 20 * 2 ** attempt)));
    }
  }
}
