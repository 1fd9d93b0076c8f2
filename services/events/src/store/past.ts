import { TABLE } from '@torcedor/service-kit/ddb';
import { countAll, queryPages, setExpression } from '@torcedor/service-kit/items';
import { RACED, retryOnRace } from '@torcedor/service-kit/race';
import { transact, type TransactPart } from '@torcedor/service-kit/transactions';
import { events, pastCount } from './entities.ts';
import { keys } from './keys.ts';

/**
 * The past-events count (services/events/README.md, "Past events"), kept instead of counted on every list. An event
 * sits in GSI1 `EVENTS` until the `past_events_update` schedule finds it started: one transaction then moves it to
 * `EVENTS#PAST` (its marker: `pastAt`, and the conditions of every later write) and adds one to `STATS / PAST`. The
 * count answered is that item plus the events still in `EVENTS` that have started (those since the last run: a short
 * range), so it is exact at any time, between runs too. Cancelling a counted event takes one off in the same
 * transaction as its delete; an edit is refused once the event has started, and one that moves an event before now
 * leaves it in `EVENTS`, where the range counts it until the next run moves it.
 */

/** Events one transaction moves (and counts): each is a part, with one more for the count. */
const MOVE_BATCH = 25;
/** Events one run moves at most; more are left to the next run (the count stays exact meanwhile). */
const MOVES_PER_RUN = 1_000;
/**
 * Tries of a batch whose events changed meanwhile (moved by another run, cancelled, edited): fewer than the kit's
 * default, since each try leaves out the events that failed and the next run picks up whatever is left.
 */
const BATCH_TRIES = 3;

/** The transaction part that adds `n` (negative: takes off) to the past-events count. */
export function pastCountPart(n: number): TransactPart {
  return {
    Update: {
      TableName: TABLE, Key: pastCount.key(null), UpdateExpression: 'ADD #count :n',
      ExpressionAttributeNames: { '#count': 'count' }, ExpressionAttributeValues: { ':n': n },
    },
  };
}

/** AP: how many events started before `now`: the count kept, plus those started since the last run (GSI1, count only). */
export async function countPast(now: string): Promise<number> {
  const [kept, since] = await Promise.all([
    pastCount.get(null, { consistent: false }),
    countAll({
      IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK <= :now',
      ExpressionAttributeValues: { ':pk': keys.timelinePK, ':now': now },
    }),
  ]);
  return Math.max(0, Number(kept?.count ?? 0)) + since;
}

/** The part that moves one event to the past, only from `EVENTS` and once it has started (its marker: a repeat fails). */
function movePart(eventId: string, now: string): TransactPart {
  return {
    Update: {
      TableName: TABLE, Key: events.key(eventId), ConditionExpression: 'GSI1PK = :upcoming AND startAt < :now',
      ...setExpression({ GSI1PK: keys.pastTimelinePK, pastAt: now }, { ':upcoming': keys.timelinePK, ':now': now }),
    },
  };
}

/** Moves these events and counts them, in one transaction; an event that changed meanwhile is left out. Answers how many moved. */
async function moveBatch(eventIds: string[], now: string): Promise<number> {
  let left = eventIds;
  return retryOnRace('The past-events count', async (n) => {
    const parts = Object.fromEntries(left.map((id, i) => [`e${i}`, movePart(id, now)]));
    const r = await transact({ ...parts, count: pastCountPart(left.length) });
    if (r.ok) return left.length;
    const failed = new Set<string>(r.failed);
    left = left.filter((_, i) => !failed.has(`e${i}`));
    // Past the last try the batch is left to the next run, which finds what is still in `EVENTS` (no failure).
    return left.length && n + 1 < BATCH_TRIES ? RACED : 0;
  }, BATCH_TRIES);
}

/**
 * AP: the `past_events_update` schedule: moves the events of `EVENTS` that started before `now` to `EVENTS#PAST` and
 * counts them, at most MOVES_PER_RUN a run, MOVE_BATCH a page. Idempotent: an event moves once (a second run, or two
 * at once, count it once). Answers how many it moved.
 */
export async function moveStartedEvents(now = new Date().toISOString()): Promise<number> {
  let moved = 0;
  let read = 0;
  const pages = queryPages({
    IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK <= :now', Limit: MOVE_BATCH,
    ExpressionAttributeValues: { ':pk': keys.timelinePK, ':now': now },
  });
  for await (const found of pages) {
    if (found.length) moved += await moveBatch(found.map((e) => String(e.id)), now);
    read += found.length;
    if (read >= MOVES_PER_RUN) break;
  }
  return moved;
}
