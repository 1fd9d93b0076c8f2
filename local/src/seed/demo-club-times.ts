import { PutItemCommand, DeleteItemCommand, ScanCommand, type AttributeValue, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { tableName } from '../aws/local-aws.ts';
import { DEMO_COMMENTS, DEMO_MEMBERS, type DemoHandle, type DemoPostRef } from './demo-club-content.ts';

/**
 * When the demo club's posts, comments and reviews were written, so that a first feed reads like a club that has
 * been talking all week ('2h ago', '3d ago': docs/product.md, "Behaviour") rather than a row of 'Just now'.
 *
 * The API stamps every write with the moment it arrives, as it must (no member may backdate a post), so the seed
 * writes the club through the API first and then, local only, moves the club's own items back in social's local
 * table: each item's createdAt and every key or index value built from it (a timeline entry's sort key, a post's
 * day partition of Discover Community). Only items written by this run of the seed are moved, so a resumed seed
 * never moves an item twice.
 */

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** The newest post is this old, the oldest this old: inside Discover Community's week (DISCOVER_DAYS). */
const NEWEST_POST_HOURS = 2;
const OLDEST_POST_HOURS = 140;
/** Reviews are spread from one to six days back. */
const NEWEST_REVIEW_HOURS = 20;
const OLDEST_REVIEW_HOURS = 150;
/** A comment comes this long after the one before it on the same post (the first this long after the post). */
const COMMENT_GAP_MINUTES = 35;
/** How long ago, at the latest, a post's first comment is (its later ones a minute nearer `now` each). */
const LATEST_COMMENT_MINUTES = 30;

export interface DemoClubTimes {
  /** A post's moment, by its plan reference. */
  posts: Map<DemoPostRef, string>;
  /** A comment's moment, by `commentKey`. */
  comments: Map<string, string>;
  /** A review's moment, by `reviewKey`. */
  reviews: Map<string, string>;
}

export const commentKey = (post: DemoPostRef, by: DemoHandle, content: string) => `${post}|${by}|${content}`;
export const reviewKey = (by: DemoHandle, cigarId: string) => `${by}|${cigarId}`;

/** Evenly from `oldest` hours back (the first) to `newest` (the last). */
const spread = (i: number, n: number, oldest: number, newest: number) => (n <= 1 ? newest : oldest - ((oldest - newest) * i) / (n - 1));

/**
 * The plan's moments relative to `now`: posts in the order the seed writes them (each member's first, then their
 * second...), the first oldest; each post's comments after it in the plan's order; reviews member by member.
 */
export function demoClubTimes(now: Date): DemoClubTimes {
  const at = (hoursAgo: number) => new Date(now.getTime() - Math.round(hoursAgo * HOUR_MS)).toISOString();
  const order: DemoPostRef[] = [];
  const rounds = Math.max(...DEMO_MEMBERS.map((m) => m.posts.length));
  for (let i = 0; i < rounds; i++) for (const m of DEMO_MEMBERS) if (m.posts[i]) order.push(`${m.handle}:${m.posts[i]!.key}`);
  const posts = new Map(order.map((ref, i) => [ref, at(spread(i, order.length, OLDEST_POST_HOURS, NEWEST_POST_HOURS))] as const));

  const comments = new Map<string, string>();
  const onPost = new Map<DemoPostRef, number>();
  for (const c of DEMO_COMMENTS) {
    const postTime = posts.get(c.post);
    if (!postTime) throw new Error(`the demo club plan comments on an unknown post ${c.post}`);
    const k = (onPost.get(c.post) ?? 0) + 1;
    onPost.set(c.post, k);
    // Never after `now`: a comment the gap would put in the future is a few minutes old, still after the one before it.
    const t = Math.min(Date.parse(postTime) + k * COMMENT_GAP_MINUTES * MINUTE_MS, now.getTime() - (LATEST_COMMENT_MINUTES - k) * MINUTE_MS);
    comments.set(commentKey(c.post, c.by, c.content), new Date(t).toISOString());
  }

  const all = DEMO_MEMBERS.flatMap((m) => m.reviews.map((r) => reviewKey(m.handle, r.cigarId)));
  const reviews = new Map(all.map((key, i) => [key, at(spread(i, all.length, OLDEST_REVIEW_HOURS, NEWEST_REVIEW_HOURS))] as const));
  return { posts, comments, reviews };
}

type RawItem = Record<string, AttributeValue>;
type Move = { from: string; to: string };

/**
 * The item as it would have been written at `to` instead of `from`: every string value holding the old moment or
 * its day (a sort key `<createdAt>#<id>`, a Discover partition `DAYPOSTS#<day>#<shard>`) holds the new one. The
 * text members wrote is left alone.
 */
export function movedItem(item: RawItem, from: string, to: string): RawItem {
  const out: RawItem = {};
  for (const [name, value] of Object.entries(item)) {
    if (value.S === undefined || name === 'content' || name === 'notes') {
      out[name] = value;
      continue;
    }
    out[name] = { S: value.S.split(from).join(to).replace(`DAYPOSTS#${from.slice(0, 10)}`, `DAYPOSTS#${to.slice(0, 10)}`) };
  }
  return out;
}

const str = (item: RawItem, name: string) => item[name]?.S;

/** Every item of social's local table (the demo club's table is small: a few hundred items). */
async function scanAll(db: DynamoDBClient, table: string): Promise<RawItem[]> {
  const items: RawItem[] = [];
  let start: RawItem | undefined;
  do {
    const page = await db.send(new ScanCommand({ TableName: table, ExclusiveStartKey: start, ConsistentRead: true }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/**
 * Moves what this run of the seed wrote (createdAt at or after `since`) to the plan's moments. `members` maps the
 * demo members' user ids to their handles. Answers how many items moved.
 */
export async function ageDemoClub(db: DynamoDBClient, members: Map<string, DemoHandle>, since: string, now = new Date()): Promise<number> {
  const table = tableName('social');
  const times = demoClubTimes(now);
  const items = await scanAll(db, table);
  const fresh = (item: RawItem) => (str(item, 'createdAt') ?? '') >= since;

  // The plan's posts by member and text.
  const contents = new Map<string, DemoPostRef>();
  for (const m of DEMO_MEMBERS) for (const p of m.posts) contents.set(`${m.handle}|${p.content}`, `${m.handle}:${p.key}`);
  // The plan's posts written by this run: their stored id, the moment the API gave them and the plan's.
  const refOf = new Map<string, DemoPostRef>();
  const postMoves = new Map<string, Move>();
  for (const item of items) {
    const handle = members.get(str(item, 'userId') ?? '');
    const ref = handle && str(item, 'SK') === 'POST' ? contents.get(`${handle}|${str(item, 'content')}`) : undefined;
    if (!ref) continue;
    refOf.set(str(item, 'postId')!, ref);
    if (fresh(item)) postMoves.set(str(item, 'postId')!, { from: str(item, 'createdAt')!, to: times.posts.get(ref)! });
  }

  /** What moves: a post with its timeline entries and its likes (their index sorts by the post's moment), a comment, a review. */
  const moveOf = (item: RawItem): Move | undefined => {
    const sk = str(item, 'SK') ?? '';
    const pk = str(item, 'PK') ?? '';
    if (sk === 'POST' || pk.startsWith('TIMELINE#') || pk.startsWith('POSTLIKES#')) return postMoves.get(str(item, 'postId') ?? '');
    const handle = members.get(str(item, 'userId') ?? '');
    if (!handle || !fresh(item)) return undefined;
    const from = str(item, 'createdAt')!;
    const ref = sk.startsWith('COMMENT#') ? refOf.get(str(item, 'postId') ?? '') : undefined;
    const to = ref ? times.comments.get(commentKey(ref, handle, str(item, 'content') ?? ''))
      : sk === 'REVIEW' ? times.reviews.get(reviewKey(handle, str(item, 'cigarId') ?? '')) : undefined;
    return to ? { from, to } : undefined;
  };

  let moved = 0;
  for (const item of items) {
    const move = moveOf(item);
    if (!move || move.from === move.to) continue;
    const next = movedItem(item, move.from, move.to);
    const sameKey = next.PK!.S === item.PK!.S && next.SK!.S === item.SK!.S;
    // A moved key is a new item (never over another one); the old one goes after it is written.
    await db.send(new PutItemCommand({ TableName: table, Item: next, ...(sameKey ? {} : { ConditionExpression: 'attribute_not_exists(PK)' }) }));
    if (!sameKey) {
      await db.send(new DeleteItemCommand({ TableName: table, Key: { PK: item.PK!, SK: item.SK! } }));
    }
    moved += 1;
  }
  return moved;
}
