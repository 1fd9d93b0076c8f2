import { TABLE } from '@torcedor/service-kit/ddb';
import { deleteKeys, exportPart, keyOf, partitionItems, queryAll, queryPage, type Item } from '@torcedor/service-kit/items';
import type { JobPage } from '@torcedor/service-kit/jobs';
import { eventPart } from '@torcedor/service-kit/outbox';
import { transact } from '@torcedor/service-kit/transactions';
import { deleteUpload } from '@torcedor/service-kit/uploads';
import * as z from 'zod';
import { countParts } from './counts.ts';
import { authors, celebrityMarkers, digestMarkers, follows, mailCopies, posts, totals } from './entities.ts';
import { followingOf } from './follows.ts';
import { keys } from './keys.ts';
import { takeBackLike } from './likes.ts';
import { conversationItemsQuery, deleteMessagingRest, deleteThreadsPage, dropOtherSide, exportMessages } from './messages.ts';
import { deletePostRemains } from './posts.ts';

const byIndex = (index: 'GSI1' | 'GSI2', pk: string) =>
  queryAll({ IndexName: index, KeyConditionExpression: `${index}PK = :pk`, ExpressionAttributeValues: { ':pk': pk } });

/** AP: everything social holds of the member: posts, comments, likes, reviews, follows and notifications. */
export async function exportMember(userId: string) {
  const [posts, comments, reviews, likes, follows, notifications, messages] = await Promise.all([
    byIndex('GSI1', keys.postsBy(userId)), byIndex('GSI1', keys.commentsBy(userId)), byIndex('GSI1', keys.reviewsBy(userId)),
    byIndex('GSI2', keys.likesBy(userId)), followingOf(userId), partitionItems(keys.notifications(userId)), exportMessages(userId),
  ]);
  return exportPart('social', [...posts, ...comments, ...reviews, ...likes, ...follows, ...notifications, ...messages]);
}

const gone = { ConditionExpression: 'attribute_exists(PK)' };

/** Items given back one transaction each, per page (a page's transactions run in parallel). */
const TX_PAGE = 25;
/** Items deleted without a count to give back, per page; a deleted post's remains, per post per page. */
const DELETE_PAGE = 100;
const REMAINS_PER_POST = 25;

/** A comment of the member's leaves its post's count in the same transaction; on a post that is gone, it just goes. */
async function takeBackComment(c: Item): Promise<void> {
  const r = await transact({
    comment: { Delete: { TableName: TABLE, Key: keyOf(c), ...gone } },
    count: { Update: { TableName: TABLE, Key: posts.key(String(c.postId)), UpdateExpression: 'ADD commentCount :minus', ExpressionAttributeValues: { ':minus': -1 }, ...gone } },
  });
  if (!r.ok && r.failed.includes('count')) await deleteKeys([keyOf(c)]);
}

/** The member's follow of someone: the edge and the followee's total (+ SocialCountsChanged), conditioned on the edge. */
async function dropFollowing(edge: Item): Promise<void> {
  const [count, event] = countParts(String(edge.followeeId), 'followersCount', -1);
  await transact({ edge: { Delete: { TableName: TABLE, Key: keyOf(edge), ...gone } }, count, event });
}

/** Someone's follow of the member: the edge, the follower's total and their celebrity marker, conditioned on the edge. */
async function dropFollower(edge: Item, userId: string): Promise<void> {
  const followerId = String(edge.followerId);
  const [count, event] = countParts(followerId, 'followingCount', -1);
  await transact({
    edge: follows.remove({ followerId, followeeId: userId }, gone), count, event,
    celebrity: celebrityMarkers.remove({ followerId, celebrityId: userId }),
  });
}

/** A review leaves the cigar's rating (ReviewDeleted) with it, conditioned on the review. */
async function dropReview(review: Item, userId: string): Promise<void> {
  await transact({
    review: { Delete: { TableName: TABLE, Key: keyOf(review), ...gone } },
    event: eventPart('ReviewDeleted', { reviewId: String(review.reviewId), userId, cigarId: String(review.cigarId), photos: [] }),
  });
}

/** Runs every task, then fails with the first failure: no task is left running behind a failed page. */
async function settleAll(tasks: Promise<unknown>[]): Promise<void> {
  const failed = (await Promise.allSettled(tasks)).find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/** Where a deletion stands: its step, the step's index position, and the deleted posts whose remains are still going. */
const Cursor = z.object({
  step: z.number().int().min(0),
  start: z.record(z.string(), z.unknown()).optional(),
  posts: z.array(z.object({ postId: z.string(), part: z.number().int().min(0) })).optional(),
  last: z.boolean().optional(),
});
type Cursor = z.infer<typeof Cursor>;
type Step = (userId: string, at: Cursor) => Promise<{ done: number; more?: Cursor }>;
type StepQuery = Omit<Parameters<typeof queryPage>[0], 'Limit'>;

/** A step over one query's items, a bounded page at a time from the cursor's position: each given back, or deleted. */
function queryStep(size: number, input: (userId: string) => StepQuery, each?: (i: Item, userId: string) => Promise<void>): Step {
  return async (userId, at) => {
    const page = await queryPage({ ...input(userId), Limit: size }, at.start);
    if (each) await settleAll(page.items.map((i) => each(i, userId)));
    else await deleteKeys(page.items.map(keyOf));
    return { done: page.items.length, more: page.next ? { step: at.step, start: page.next } : undefined };
  };
}
const index = (name: 'GSI1' | 'GSI2', pk: string) => ({ IndexName: name, KeyConditionExpression: `${name}PK = :pk`, ExpressionAttributeValues: { ':pk': pk } });
const partition = (pk: string, prefix?: string) => ({
  KeyConditionExpression: prefix ? 'PK = :pk AND begins_with(SK, :p)' : 'PK = :pk',
  ExpressionAttributeValues: { ':pk': pk, ...(prefix ? { ':p': prefix } : {}) }, ConsistentRead: true,
});

/**
 * The member's posts: a page either goes on deleting the remains (likes, comments, counters) of the posts deleted
 * before, REMAINS_PER_POST items of each, or deletes the next TX_PAGE posts (each picture first: identity deleted the
 * member's upload folder already, this catches one registered while the account was being deleted, docs/architecture.md,
 * "Uploads") and queues their remains. The post item goes first, so nobody likes or comments on it meanwhile.
 */
const postsStep: Step = async (userId, at) => {
  if (at.posts?.length) {
    const left = await Promise.all(at.posts.map(async (p) => ({ postId: p.postId, ...(await deletePostRemains(p.postId, p.part, REMAINS_PER_POST)) })));
    const pending = left.flatMap((p) => (p.part === null ? [] : [{ postId: p.postId, part: p.part }]));
    const done = left.reduce((n, p) => n + p.done, 0);
    if (pending.length) return { done, more: { ...at, posts: pending } };
    return { done, more: at.last ? undefined : { step: at.step, start: at.start } };
  }
  const page = await queryPage({ ...index('GSI1', keys.postsBy(userId)), Limit: TX_PAGE }, at.start);
  const items = page.items;
  await settleAll(items.map(async (p) => {
    if (typeof p.imageUrl === 'string' && p.imageUrl.startsWith('/')) await deleteUpload(userId, p.imageUrl.slice(1));
  }));
  await deleteKeys(items.map(keyOf));
  if (!items.length) return { done: 0, more: page.next ? { step: at.step, start: page.next } : undefined };
  const queued = items.map((p) => ({ postId: String(p.postId), part: 0 }));
  return { done: items.length, more: { step: at.step, start: page.next, posts: queued, last: !page.next } };
};

/**
 * The steps of a member's deletion, in order. Their copies go first (their profile is gone at once and no one can
 * follow them meanwhile; their address and digest marker with it, so no digest is sent to them); then what they gave others comes back: each like and comment leaves its post's count, each
 * follow both members' totals, each review the cigar's rating (ReviewDeleted), each conversation the other member's side
 * and unread count; then their threads' messages; then their posts with everything
 * under them, their own partitions (markers, timeline, notifications) and last their totals (and a digest marker a
 * notification wrote meanwhile).
 */
const STEPS: Step[] = [
  async (userId) => { await deleteKeys([authors.key(userId), mailCopies.key(userId), digestMarkers.key(userId)]); return { done: 1 }; },
  queryStep(TX_PAGE, (u) => index('GSI2', keys.likesBy(u)), (like) => takeBackLike(like)),
  queryStep(TX_PAGE, (u) => index('GSI1', keys.commentsBy(u)), (c) => takeBackComment(c)),
  queryStep(TX_PAGE, (u) => partition(keys.follows(u), 'FOLLOWING#'), (edge) => dropFollowing(edge)),
  queryStep(TX_PAGE, (u) => index('GSI1', keys.followersOf(u)), dropFollower),
  queryStep(TX_PAGE, (u) => index('GSI1', keys.reviewsBy(u)), dropReview),
  // Their conversations: the other side of each goes (with its unread count), then each thread's messages, a bounded batch at a time.
  queryStep(TX_PAGE, conversationItemsQuery, dropOtherSide),
  async (userId, at) => {
    const r = await deleteThreadsPage(userId, TX_PAGE, REMAINS_PER_POST);
    return { done: r.done, more: r.more ? { step: at.step } : undefined };
  },
  postsStep,
  queryStep(DELETE_PAGE, (u) => partition(keys.follows(u))),
  queryStep(DELETE_PAGE, (u) => partition(keys.timeline(u))),
  queryStep(DELETE_PAGE, (u) => partition(keys.notifications(u))),
  async (userId) => { await Promise.all([deleteKeys([totals.key(userId), digestMarkers.key(userId)]), deleteMessagingRest(userId)]); return { done: 1 }; },
];

export const MemberJob = z.object({ userId: z.string().min(1) });

/**
 * AP: one page of deleting what social holds of a member (UserDeleted), the `delete-member` job (docs/architecture.md,
 * "Jobs"): from the cursor, the steps run until one has done a bounded batch (steps with nothing left are passed in
 * the same page). Idempotent: every give-back is a transaction conditioned on the item it deletes, so a repeated page
 * finds its items gone and changes no count; a plain delete of a missing item is a no-op.
 */
export const deleteMemberPage: JobPage<z.infer<typeof MemberJob>> = async ({ params, cursor }) => {
  const { userId } = MemberJob.parse(params);
  let at: Cursor = cursor === null ? { step: 0 } : Cursor.parse(JSON.parse(cursor));
  let done = 0;
  for (let passed = 0; done === 0 && at.step < STEPS.length && passed <= STEPS.length; passed++) {
    const r = await STEPS[at.step]!(userId, at);
    done += r.done;
    at = r.more ?? { step: at.step + 1 };
  }
  return { next: at.step < STEPS.length ? JSON.stringify(at) : null, done };
};
