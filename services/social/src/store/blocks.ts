import { TABLE } from '@torcedor/service-kit/ddb';
import { batchGetAll, deleteKeys, exportPart, keyOf, queryAll } from '@torcedor/service-kit/items';
import { transact } from '@torcedor/service-kit/transactions';
import { blockedList, type BlockItem, type BlockState } from '../domain/blocks.ts';
import { readAuthors } from './authors.ts';
import { authors, blockMirrors, blocks } from './entities.ts';
import { unfollow } from './follows.ts';
import { keys } from './keys.ts';

/**
 * Blocks (docs/product.md, "Blocking"). A block is two items written and deleted in one transaction: the blocker's
 * (`BLOCK#<blocker>` / `BLOCKED#<blocked>`) and its mirror in the blocked member's partition
 * (`BLOCK#<blocked>` / `BLOCKER#<blocker>`), so a member's partition holds both directions.
 */

/** AP: the blocks between `viewerId` and `memberId`, each direction: one BatchGet (consistent) of the viewer's two items. */
export async function blockState(viewerId: string, memberId: string): Promise<BlockState> {
  if (viewerId === memberId) return { blockedByMe: false, blockedMe: false };
  const mine = blocks.key({ blockerId: viewerId, blockedId: memberId });
  const theirs = blockMirrors.key({ blockerId: memberId, blockedId: viewerId });
  const items = await batchGetAll([mine, theirs], { consistent: true });
  const has = (k: { PK: string; SK: string }) => items.some((i) => i.PK === k.PK && i.SK === k.SK);
  return { blockedByMe: has(mine), blockedMe: has(theirs) };
}

/** AP: whether either member blocked the other (one BatchGet). */
export async function isBlockedEitherWay(a: string, b: string): Promise<boolean> {
  const s = await blockState(a, b);
  return s.blockedByMe || s.blockedMe;
}

/** The member's block partition: both directions (a member blocks, and is blocked by, few people). */
const partitionOf = (memberId: string) =>
  queryAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.blocks(memberId) }, ConsistentRead: true });

/**
 * AP: every member blocked by, or blocking, `memberId`: one Query of their block partition. The read paths take this
 * once per request and leave out these members' content.
 */
export async function blockedIdsOf(memberId: string): Promise<Set<string>> {
  const items = (await partitionOf(memberId)) as unknown as BlockItem[];
  return new Set(items.map((b) => (b.blockerId === memberId ? b.blockedId : b.blockerId)));
}

/** The blocks `memberId` made (not the mirrors of blocks made against them): the `BLOCKED#` items of their partition. */
const madeBy = async (memberId: string): Promise<BlockItem[]> => (await queryAll({
  KeyConditionExpression: 'PK = :pk AND begins_with(SK, :b)', ExpressionAttributeValues: { ':pk': keys.blocks(memberId), ':b': 'BLOCKED#' }, ConsistentRead: true,
})) as unknown as BlockItem[];

/**
 * What a block did: `unknown` when social holds no copy of the member (never arrived, or deleted), else whether it
 * is new and whether it ended a follow each way.
 */
export type BlockOutcome = { unknown: true } | { unknown: false; created: boolean; endedFollowing: boolean; endedFollower: boolean };

/**
 * AP: block. The block and its mirror in one transaction, conditioned on the member's copy existing and on the block
 * not existing (blocking twice changes nothing); then the follows between the two end both ways through the unfollow
 * path (store/follows.ts), so both members' totals and FollowChanged stay right. The follows are ended on a repeat
 * too: a follow that raced the first block is ended by the next, and the follow path checks for a block after it
 * writes (handlers/members.ts), so one of the two always sees the other.
 */
export async function block(blockerId: string, blockedId: string): Promise<BlockOutcome> {
  const fields: BlockItem = { blockerId, blockedId, blockedAt: new Date().toISOString() };
  const id = { blockerId, blockedId };
  const r = await transact({
    member: { ConditionCheck: { TableName: TABLE, Key: authors.key(blockedId), ConditionExpression: 'attribute_exists(PK)' } },
    block: blocks.put(id, fields, { ifAbsent: true }), mirror: blockMirrors.put(id, fields),
  });
  if (!r.ok && r.failed.includes('member')) return { unknown: true };
  const [endedFollowing, endedFollower] = await Promise.all([unfollow(blockerId, blockedId), unfollow(blockedId, blockerId)]);
  return { unknown: false, created: r.ok, endedFollowing, endedFollower };
}

/** AP: unblock: the block and its mirror in one transaction, conditioned on the block existing. Whether it changed. */
export async function unblock(blockerId: string, blockedId: string): Promise<boolean> {
  const id = { blockerId, blockedId };
  const gone = { ConditionExpression: 'attribute_exists(PK)' };
  const r = await transact({ block: blocks.remove(id, gone), mirror: blockMirrors.remove(id) });
  return r.ok;
}

/** AP: the members `memberId` blocked, the most recent first, with name and picture from social's author copies. */
export async function listBlocked(memberId: string) {
  const made = await madeBy(memberId);
  const authors = await readAuthors(made.map((b) => b.blockedId));
  return blockedList(made, authors);
}

/** AP: the blocks the member made, as their export lists items (without the table's key attributes). */
export const exportBlocks = async (memberId: string) => exportPart('social', await madeBy(memberId)).items;

/**
 * AP: a deleted member's blocks, both directions: each item of their partition and its counterpart in the other
 * member's (idempotent: deleting a missing item is a no-op).
 */
export async function deleteBlocksOf(memberId: string): Promise<void> {
  const items = (await partitionOf(memberId)) as unknown as (BlockItem & { PK: string; SK: string })[];
  const counterparts = items.map((b) =>
    (b.blockerId === memberId ? blockMirrors.key({ blockerId: b.blockerId, blockedId: b.blockedId }) : blocks.key({ blockerId: b.blockerId, blockedId: b.blockedId })));
  await deleteKeys([...counterparts, ...items.map(keyOf)]);
}
