import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';
import { countAll } from '@torcedor/service-kit/items';
import { transact, type TransactPart } from '@torcedor/service-kit/transactions';
import { keys } from './keys.ts';

/**
 * The past-events count (../README.md, "Past events"), kept instead of counted on every list. An event sits in GSI1
 * `EVENTS` until the `past_events_update` schedule finds it started: one transaction then moves it to `EVENTS#PAST`
 * (its marker: `pastAt`, and the conditions of every later write) and adds one to `STATS / PAST`. The count answered
 * is that item plus the events still in `EVENTS` that have started (those since the last run: a short range), so it
 * is exact at any time, between runs too. Cancelling a counted event takes one off in the same transaction as its
 * delete; an edit is refused once the event has started, and one that moves an event before now leaves it in `EVENTS`,
 * where the range counts it until the next run moves it.
 */

/** Events one transaction moves (and counts): each is a part, with one more for the count. */
const MOVE_BATCH = 25;
/** Events one run moves at most; more are left to the next run (the count stays exact meanwhile). */
const MOVES_PER_RUN = 1_000;
/** Tries of a batch whose events changed meanwhile (moved by another run, cancelled, edited). */
const BATCH_TRIES = 3;

/** The transaction part that adds `n` (negative: takes off) to the past-events count. */
export function pastCountPart(n: number): TransactPart {
  return {
    Update: {
      TableName: TABLE, Key: keys.pastCount, UpdateExpression: 'ADD #count :n',
      ExpressionAttributeNames: { '#count': 'count' }, ExpressionAttributeValues: { ':n': n },
    },
  };
}

/** AP: how many events started before `now`: the count kept, plus those started since the last run (GSI1, count only). */
export async function countPast(now: string): Promise<number> {
  const [kept, since] = await Promise.all([
    ddb.send(new GetCommand({ TableName: TABLE, Key: keys.pastCount })),
    countAll({
      IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK <= :now',
      ExpressionAttributeValues: { ':pk': keys.timelinePK, ':now': now },
    }),
  ]);
  return Math.max(0, Number(kept.Item?.count ?? 0)) + since;
}

/** The part that moves one event to the past, only from `EVENTS` and once it has started (its marker: a repeat fails). */
function movePart(eventId: string, now: string): TransactPart {
  return {
    Update: {
      TableName: TABLE, Key: keys.event(eventId), UpdateExpression: 'SET GSI1PK = :past, pastAt = :now',
      ConditionExpression: 'GSI1PK = :upcoming AND startAt < :now',
      ExpressionAttributeValues: { ':past': keys.pastTimelinePK, ':upcoming': keys.timelinePK, ':now': now },
    },
  };
}

/** Moves these events and counts them, in one transaction; an event that changed meanwhile is left out. Answers how many moved. */
async function moveBatch(eventIds: string[], now: string): Promise<number> {
  let left = eventIds;
  for (let attempt = 0; attempt < BATCH_TRIES && left.length; attempt++) {
    const parts = Object.fromEntries(left.map((id, i) => [`e${i}`, movePart(id, now)]));
    const r = await transact({ ...parts, count: pastCountPart(left.length) });
    if (r.ok) return left.length;
    const failed = new Set<string>(r.failed);
    left = left.filter((_, i) => !failed.has(`e${i}`));
  }
  return 0;
}

/**
 * AP: the `past_events_update` schedule: moves the events of `EVENTS` that started before `now` to `EVENTS#PAST` and
 * counts them, at most MOVES_PER_RUN a run. Idempotent: an event moves once (a second run, or two at once, count it
 * once). Answers how many it moved.
 */
export async function moveStartedEvents(now = new Date().toISOString()): Promise<number> {
  let moved = 0;
  let start: Record<string, unknown> | undefined;
  for (let read = 0; read < MOVES_PER_RUN;) {
    const page = await ddb.send(new QueryCommand({
      TableName: TABLE, IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK <= :now', Limit: MOVE_BATCH,
      ExpressionAttributeValues: { ':pk': keys.timelinePK, ':now': now }, ExclusiveStartKey: start,
    }));
    const found = page.Items ?? [];
    if (found.length) moved += await moveBatch(found.map((e) => String(e.id)), now);
    read += found.length;
    start = page.LastEvaluatedKey;
    if (!start) break;
  }
  return moved;
}
