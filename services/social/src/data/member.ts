import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';
import { deleteKeys, exportPart, keyOf, partitionItems, queryAll } from '@torcedor/service-kit/items';
import { eventPart } from '@torcedor/service-kit/outbox';
import { transact } from '@torcedor/service-kit/transactions';
import { deleteUpload } from '@torcedor/service-kit/uploads';
import { countParts } from './counts.ts';
import { followingOf } from './follows.ts';
import { keys } from './keys.ts';

const byIndex = (index: 'GSI1' | 'GSI2', pk: string) =>
  queryAll({ IndexName: index, KeyConditionExpression: `${index}PK = :pk`, ExpressionAttributeValues: { ':pk': pk } });

/** AP: everything social holds of the member: posts, comments, likes, reviews, follows and notifications. */
export async function exportMember(userId: string) {
  const [posts, comments, reviews, likes, follows, notifications] = await Promise.all([
    byIndex('GSI1', keys.postsBy(userId)), byIndex('GSI1', keys.commentsBy(userId)), byIndex('GSI1', keys.reviewsBy(userId)),
    byIndex('GSI2', keys.likesBy(userId)), followingOf(userId), partitionItems(keys.notifications(userId)),
  ]);
  return exportPart('social', [...posts, ...comments, ...reviews, ...likes, ...follows, ...notifications]);
}

const gone = { ConditionExpression: 'attribute_exists(PK)' };

/**
 * AP: delete what social holds of a member (UserDeleted), giving back what they added to others: each like
 * and comment leaves its post's count in the same transaction, each follow both members' totals, and each
 * review leaves the cigar's rating (ReviewDeleted). Then their posts with everything under them, their
 * timeline, notifications, totals and copy. Idempotent: a repeat finds nothing left to give back.
 */
export async function deleteMember(userId: string): Promise<void> {
  for (const like of await byIndex('GSI2', keys.likesBy(userId))) {
    const r = await transact({
      like: { Delete: { TableName: TABLE, Key: keyOf(like), ...gone } },
      count: { Update: { TableName: TABLE, Key: keys.post(String(like.postId)), UpdateExpression: 'ADD likeCount :minus', ExpressionAttributeValues: { ':minus': -1 }, ...gone } },
    });
    if (!r.ok) await deleteKeys([keyOf(like)]);
  }
  for (const c of await byIndex('GSI1', keys.commentsBy(userId))) {
    const r = await transact({
      comment: { Delete: { TableName: TABLE, Key: keyOf(c), ...gone } },
      count: { Update: { TableName: TABLE, Key: keys.post(String(c.postId)), UpdateExpression: 'ADD commentCount :minus', ExpressionAttributeValues: { ':minus': -1 }, ...gone } },
    });
    if (!r.ok) await deleteKeys([keyOf(c)]);
  }
  for (const edge of await followingOf(userId)) {
    const followeeId = String(edge.followeeId);
    const [count, event] = countParts(followeeId, 'followersCount', -1);
    await transact({ edge: { Delete: { TableName: TABLE, Key: keyOf(edge), ...gone } }, count, event });
  }
  for (const edge of await byIndex('GSI1', keys.followersOf(userId))) {
    const followerId = String(edge.followerId);
    const [count, event] = countParts(followerId, 'followingCount', -1);
    await transact({
      edge: { Delete: { TableName: TABLE, Key: keys.follow(followerId, userId), ...gone } }, count, event,
      celebrity: { Delete: { TableName: TABLE, Key: keys.celebrityFollow(followerId, userId) } },
    });
  }
  for (const review of await byIndex('GSI1', keys.reviewsBy(userId))) {
    await transact({
      review: { Delete: { TableName: TABLE, Key: keyOf(review), ...gone } },
      event: eventPart('ReviewDeleted', { reviewId: String(review.reviewId), userId, cigarId: String(review.cigarId) }),
    });
  }
  for (const post of await byIndex('GSI1', keys.postsBy(userId))) {
    // identity deleted the member's whole upload folder already; this catches a picture registered while the account
    // was being deleted (docs/architecture.md, "Uploads"), before the post that names it goes. A missing one is a no-op.
    if (typeof post.imageUrl === 'string' && post.imageUrl.startsWith('/')) await deleteUpload(userId, post.imageUrl.slice(1));
    await deleteKeys((await partitionItems(String(post.PK))).map(keyOf));
  }
  const own = await ddb.send(new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.follows(userId) } }));
  await deleteKeys([
    ...(own.Items ?? []).map(keyOf),
    ...(await partitionItems(keys.timeline(userId))).map(keyOf),
    ...(await partitionItems(keys.notifications(userId))).map(keyOf),
    keys.counts(userId), keys.author(userId),
  ]);
}
