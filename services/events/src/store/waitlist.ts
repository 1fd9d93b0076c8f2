import { TABLE } from '@torcedor/service-kit/ddb';
import { countAll, keyOf, queryPage } from '@torcedor/service-kit/items';
import { RACE_TRIES, RACED, retryOnRace, type Raced } from '@torcedor/service-kit/race';
import { transact, type TransactPart } from '@torcedor/service-kit/transactions';
import { COUNTER, hasFreeSeat, type StoredEvent, type StoredStatus } from '../domain/event.ts';
import { events, rsvps, waitEntries } from './entities.ts';
import { keys } from './keys.ts';
import { named, noticeParts } from './notices.ts';

/** `capacity` is a DynamoDB reserved word: expressions name it `#cap`. */
const seatFree = 'attribute_not_exists(#cap) OR attendingCount < #cap';
/** Nobody waits: only then may a newcomer take a free seat (otherwise it is the first waiting member's). */
const noneWaiting = 'attribute_not_exists(waitlistCount) OR waitlistCount <= :zero';
/** The exact opposite of a seat a newcomer may take: the event is full, or members wait. */
const mustWait = '(attribute_exists(#cap) AND attendingCount >= #cap) OR waitlistCount > :zero';
/** The waitlist is as read: no member joined, left or was promoted since (see readWaitlist). */
const waitlistAsRead = 'attribute_not_exists(#wv) OR #wv = :wv';

/** The first waitlist entry, as read with the event's `waitlistVersion` (readWaitlist). */
export interface WaitlistHead { key: { PK: string; SK: string }; userId: string }
export interface WaitlistRead { event: StoredEvent | undefined; version: number; head: WaitlistHead | null }

/**
 * AP: the waitlist's head and version. Every change of the waitlist (a member joins, leaves or is promoted) adds
 * one to the event's `waitlistVersion` in its own transaction; the event is read first, then the first entry, both
 * consistent, so a promotion conditioned on the version read promotes the member still first in line.
 */
export async function readWaitlist(eventId: string): Promise<WaitlistRead> {
  const event = await events.get(eventId);
  const { items } = await queryPage({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :w)', Limit: 1, ConsistentRead: true,
    ExpressionAttributeValues: { ':pk': keys.eventPartition(eventId), ':w': 'WAIT#' },
  });
  const next = items[0];
  return { event, version: Number(event?.waitlistVersion ?? 0), head: next ? { key: keyOf(next), userId: String(next.userId) } : null };
}

/** AP: a waitlisted member's place (1 is next): the entries ahead of theirs, plus one. */
export async function waitlistPosition(eventId: string, waitSk: string): Promise<number> {
  const upToMine = await countAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to', ConsistentRead: true,
    ExpressionAttributeValues: { ':pk': keys.eventPartition(eventId), ':from': 'WAIT#', ':to': waitSk },
  });
  return Math.max(1, upToMine);
}

/** The counters a change of answer adds to (negative: takes from); `handedOn` when a seat given back goes to the head. */
function counterDeltas(from: StoredStatus | null, to: StoredStatus, handedOn: boolean): [string, number][] {
  const deltas = new Map<string, number>();
  const add = (field: string | null, d: number) => {
    if (field) deltas.set(field, (deltas.get(field) ?? 0) + d);
  };
  add(from ? COUNTER[from] : null, -1);
  add(COUNTER[to], 1);
  if (handedOn) {
    add('attendingCount', 1);
    add('waitlistCount', -1);
  }
  if (from === 'waitlisted' || to === 'waitlisted' || handedOn) add('waitlistVersion', 1);
  return [...deltas].filter(([, d]) => d !== 0);
}

/**
 * The one update of the event's counters a change of answer makes, conditioned on the event being upcoming.
 * 'going' from outside the waitlist needs a free seat and nobody waiting; joining the waitlist needs the opposite.
 * Given the `waitlist` as read: a seat given back ('going' to another answer) goes to its head in this same update
 * (one fewer waiting, conditioned on the waitlist as read), or, when nobody waited, is given back only if nobody
 * waits still; a promotion ('waitlisted' to 'going', promote) of its head is conditioned on it as read too. A change
 * that moves no counter only checks the conditions.
 */
export function countersPart(eventId: string, from: StoredStatus | null, to: StoredStatus, now: string, waitlist?: WaitlistRead): TransactPart {
  const entries = counterDeltas(from, to, from === 'going' && !!waitlist?.head);
  const guards = ['attribute_exists(PK)', '#start > :now'];
  if (to === 'going') guards.push(from === 'waitlisted' ? `(${seatFree})` : `(${seatFree}) AND (${noneWaiting})`);
  if (to === 'waitlisted') guards.push(`(${mustWait})`);
  if (waitlist) guards.push(`(${waitlist.head ? waitlistAsRead : noneWaiting})`);
  const condition = guards.join(' AND ');
  const check = {
    TableName: TABLE, Key: events.key(eventId), ConditionExpression: condition,
    ExpressionAttributeNames: {
      ...Object.fromEntries(entries.map(([f], i) => [`#c${i}`, f])), '#start': 'startAt',
      ...(condition.includes('#cap') ? { '#cap': 'capacity' } : {}), ...(condition.includes('#wv') ? { '#wv': 'waitlistVersion' } : {}),
    },
    ExpressionAttributeValues: {
      ...Object.fromEntries(entries.map(([, d], i) => [`:c${i}`, d])), ':now': now,
      ...(condition.includes(':zero') ? { ':zero': 0 } : {}), ...(condition.includes(':wv') ? { ':wv': waitlist!.version } : {}),
    },
  };
  if (!entries.length) return { ConditionCheck: check };
  return { Update: { ...check, UpdateExpression: `ADD ${entries.map((_, i) => `#c${i} :c${i}`).join(', ')}` } };
}

/**
 * The parts that move the waitlist's head to 'going' (with countersPart given the waitlist as read) and tell them;
 * none without a head. The answer is written whole, as store/rsvps.ts writes answers: 'going', without its `waitSk`.
 */
export function promotionParts(
  e: Pick<StoredEvent, 'id' | 'title' | 'hostId'>, head: WaitlistHead | null | undefined, now: string,
): { wait: TransactPart | undefined; promoted: TransactPart | undefined } & Record<string, TransactPart | undefined> {
  if (!head) return { wait: undefined, promoted: undefined };
  const answer = { eventId: e.id, userId: head.userId };
  return {
    wait: { Delete: { TableName: TABLE, Key: head.key, ConditionExpression: 'attribute_exists(PK)' } },
    promoted: rsvps.put(answer, { ...answer, status: 'going', updatedAt: now }, {
      ConditionExpression: '#s = :waitlisted', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':waitlisted': 'waitlisted' },
    }),
    ...named('promotedNotice', noticeParts('promoted', e, e.hostId, [head.userId])),
  };
}

/**
 * AP: drop a waitlist entry whose member no longer waits (their answer was removed without it, e.g. an account
 * deleted half-way): it goes, with its count, so the next member is first in line.
 */
export async function dropStaleEntry(eventId: string, head: WaitlistHead): Promise<void> {
  await transact({
    answer: {
      ConditionCheck: {
        TableName: TABLE, Key: rsvps.key({ eventId, userId: head.userId }),
        ConditionExpression: 'attribute_not_exists(PK) OR #s <> :waitlisted OR attribute_not_exists(waitSk) OR waitSk <> :sk',
        ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':waitlisted': 'waitlisted', ':sk': head.key.SK },
      },
    },
    wait: waitEntries.remove({ eventId, sk: head.key.SK }, { ConditionExpression: 'attribute_exists(PK)' }),
    event: {
      Update: {
        TableName: TABLE, Key: events.key(eventId), UpdateExpression: 'ADD waitlistCount :minus, waitlistVersion :one',
        ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':minus': -1, ':one': 1 },
      },
    },
  });
}

/** Promotions at most one call makes (each is one transaction). */
const PROMOTIONS_MAX = 100;

/**
 * One promotion of the waitlist's head to a free seat: whom it promoted, 'dropped' (a stale entry went), 'none'
 * (no seat, nobody waiting, or the event started) or RACED (another answer or promoter changed the waitlist or took
 * the seat meanwhile).
 */
async function promoteHead(eventId: string): Promise<{ promoted: string } | 'dropped' | 'none' | Raced> {
  const waitlist = await readWaitlist(eventId);
  const { event: e, head } = waitlist;
  const now = new Date().toISOString();
  if (!e || !head || !hasFreeSeat(e) || e.startAt <= now) return 'none';
  const r = await transact({ event: countersPart(eventId, 'waitlisted', 'going', now, waitlist), ...promotionParts(e, head, now) });
  if (r.ok) return { promoted: head.userId };
  // The member left the waitlist without its entry: drop it and look again.
  if (r.failed.includes('promoted') && !r.failed.includes('wait')) {
    await dropStaleEntry(eventId, head);
    return 'dropped';
  }
  return RACED;
}

/**
 * AP: give free seats to the waitlist, first entry first: each promotion deletes the entry, makes the member's
 * answer 'going' and takes the seat in one transaction (conditioned on a free seat and the waitlist as read), and
 * notifies the member. Concurrent promoters never promote one member twice, nor one behind the head. Returns who
 * moved up. A promotion follows a change already made: past the kit's tries it stops quietly (no 503), and the
 * seats left go at the next change.
 */
export async function promote(eventId: string): Promise<string[]> {
  const promoted: string[] = [];
  let steps = 0;
  return retryOnRace('The waitlist', async (n) => {
    while (steps < PROMOTIONS_MAX) {
      steps++;
      const out = await promoteHead(eventId);
      if (out === 'none') return promoted;
      if (out === RACED) return n + 1 < RACE_TRIES ? RACED : promoted;
      if (out !== 'dropped') promoted.push(out.promoted);
    }
    return promoted;
  });
}
