import { TABLE } from '@torcedor/service-kit/ddb';
import { deleteKeys, exportPart, keyOf, partitionItems, queryAll } from '@torcedor/service-kit/items';
import { transact } from '@torcedor/service-kit/transactions';
import { keys } from './keys.ts';

const byIndex = (index: 'GSI1' | 'GSI2', pk: string) =>
  queryAll({ IndexName: index, KeyConditionExpression: `${index}PK = :pk`, ExpressionAttributeValues: { ':pk': pk } });

/** AP: the member's posts (GSI1) and likes (GSI2). */
export async function exportMember(userId: string) {
  const [posts, likes] = await Promise.all([byIndex('GSI1', keys.postsBy(userId)), byIndex('GSI2', keys.likesBy(userId))]);
  return exportPart('social', [...posts, ...likes]);
}

/**
 * AP: delete what social holds of a member: their likes (each gives its count back in the same
 * transaction), their posts with everything under them, their timeline and their author copy.
 * Timeline entries of other members that point at deleted posts are skipped when feeds are read.
 */
export async function deleteMember(userId: string): Promise<void> {
  for (const like of await byIndex('GSI2', keys.likesBy(userId))) {
    const r = await transact({
      like: { Delete: { TableName: TABLE, Key: keyOf(like), ConditionExpression: 'attribute_exists(PK)' } },
      count: { Update: { TableName: TABLE, Key: keys.post(String(like.postId)), UpdateExpression: 'ADD likeCount :minus', ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':minus': -1 } } },
    });
    if (!r.ok) await deleteKeys([keyOf(like)]);
  }
  for (const post of await byIndex('GSI1', keys.postsBy(userId))) {
    await deleteKeys((await partitionItems(String(post.PK))).map(keyOf));
  }
  await deleteKeys([...(await partitionItems(keys.timeline(userId))).map(keyOf), keys.author(userId)]);
}
