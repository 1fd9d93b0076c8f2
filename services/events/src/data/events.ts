import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from '@torcedor/service-kit/ddb';
import { conflict, dependencyUnavailable, notFound } from '@torcedor/service-kit/errors';
import { batchGetAll, countAll, deleteKeys, indexKeys, keyOf, partitionItems, queryAll, type Item } from '@torcedor/service-kit/items';
import { eventPart } from '@torcedor/service-kit/outbox';
import { transact, type TransactPart } from '@torcedor/service-kit/transactions';
import { EVENT_NOTICE_RECIPIENTS_MAX } from '@torcedor/shared/constants';
import type { EventDetail } from '@torcedor/shared/events';
import type { ClubEvent, EventType, RsvpStatus } from '@torcedor/shared/schemas/events';
import { endOf, hostingLimitReached, hostingPart, raceWait, readHosting, upcomingOf, type Hosting } from './hosting.ts';
import { keys } from './keys.ts';
import { pastCountPart } from './past.ts';
import { premiumAt } from './profiles.ts';

/** An event as stored: the API's fields without the caller's part, plus its times of record. */
export interface StoredEvent {
  id: string; title: string; description: string | null; eventType: EventType; hostId: string; hostName: string;
  venueName: string | null; address: string | null; startAt: string; endAt: string | null; capacity?: number | null;
  attendingCount: number; interestedCount: number; waitlistCount: number; isAgeRestricted: true; createdAt: string; updatedAt: string;
  /** One more at every change of the waitlist (readWaitlist); absent before the first. */
  waitlistVersion?: number;
  /** When the past-events schedule counted it past (data/past.ts); absent before. */
  pastAt?: string;
}
/** A member's answer as stored; `waitlisted` is a 'going' that found the event full. */
export type StoredStatus = RsvpStatus | 'waitlisted';
export interface StoredRsvp { eventId: string; userId: string; status: StoredStatus; waitSk?: string; updatedAt: string }

const COUNTER: Record<StoredStatus, keyof StoredEvent | null> = {
  going: 'attendingCount', interested: 'interestedCount', waitlisted: 'waitlistCount', not_going: null,
};

/** The event as the caller sees it; `hostPremium` is whether the host's plan gives premium benefits now (the badge). */
export function eventView(e: StoredEvent, callerId: string, rsvp: StoredRsvp | undefined, waitlistPosition: number | null, hostPremium: boolean): ClubEvent {
  return {
    id: e.id, title: e.title, description: e.description ?? null, eventType: e.eventType, hostId: e.hostId, hostName: e.hostName, hostPremium,
    venueName: e.venueName ?? null, address: e.address ?? null, startAt: e.startAt, endAt: e.endAt ?? null, capacity: e.capacity ?? null,
    attendingCount: Math.max(0, Number(e.attendingCount ?? 0)), interestedCount: Math.max(0, Number(e.interestedCount ?? 0)),
    waitlistCount: Math.max(0, Number(e.waitlistCount ?? 0)), isAgeRestricted: true,
    rsvpStatus: !rsvp ? null : rsvp.status === 'waitlisted' ? 'going' : rsvp.status,
    waitlistPosition: rsvp?.status === 'waitlisted' ? waitlistPosition : null,
    isHost: e.hostId === callerId,
  };
}

/** The stored fields of a form; a capacity of none is no attribute (so conditions can test attribute_not_exists). */
export function eventFields(f: Pick<StoredEvent, 'title' | 'description' | 'eventType' | 'venueName' | 'address' | 'startAt' | 'endAt'> & { capacity: number | null }) {
  return {
    title: f.title, description: f.description, eventType: f.eventType, venueName: f.venueName, address: f.address,
    startAt: new Date(f.startAt).toISOString(), endAt: f.endAt ? new Date(f.endAt).toISOString() : null, capacity: f.capacity,
  };
}

/** AP: one event (consistent). */
export async function getEvent(eventId: string): Promise<StoredEvent | null> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.event(eventId), ConsistentRead: true }));
  return (out.Item as StoredEvent | undefined) ?? null;
}

/**
 * AP: host an event (a repeat with the same id changes nothing). With a `limit` (a free member), the host may
 * have at most that many upcoming events: the event and the host's hosting item (data/hosting.ts) are written in
 * one transaction conditioned on the item as read, so the limit holds under any concurrency; more is 403
 * HOSTING_LIMIT. `firstRead` is the host's item when the caller read it already (in parallel with the plan).
 */
export async function createEvent(e: StoredEvent, limit: number | null, firstRead?: Hosting): Promise<void> {
  const { capacity, ...rest } = e;
  for (let attempt = 0; ; attempt++) {
    if (attempt > 0) await raceWait(attempt);
    if (attempt >= 30) throw new Error('hosting kept racing');
    const now = new Date().toISOString();
    const hosting = attempt === 0 && firstRead ? firstRead : await readHosting(e.hostId);
    if (e.id in hosting.hosted) return;
    const counted = upcomingOf(hosting.hosted, now);
    if (limit !== null && Object.keys(counted).length >= limit) throw hostingLimitReached();
    const r = await transact({
      event: {
        Put: {
          TableName: TABLE, ConditionExpression: 'attribute_not_exists(PK)',
          Item: {
            ...keys.event(e.id), ...rest, ...(capacity ? { capacity } : {}),
            ...indexKeys({ GSI1: [keys.timelinePK, keys.timelineSK(e.startAt, e.id)], GSI2: [keys.memberPK(e.hostId), `EVENT#${e.id}`] }),
          },
        },
      },
      hosting: hostingPart(e.hostId, hosting, { ...counted, [e.id]: endOf(e) }, now),
    });
    // Stored before (an idempotent repeat): nothing changes. Otherwise the host's item changed meanwhile: again.
    if (r.ok || r.failed.includes('event')) return;
  }
}

/** AP: upcoming events, soonest first, a page (GSI1 `EVENTS`, start after now). */
export async function listUpcoming(now: string, limit: number, after?: string) {
  const out = await ddb.send(new QueryCommand({
    TableName: TABLE, IndexName: 'GSI1', Limit: limit,
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK > :from',
    ExpressionAttributeValues: { ':pk': keys.timelinePK, ':from': after && after > now ? after : now },
  }));
  const items = (out.Items ?? []) as StoredEvent[];
  const last = items.at(-1);
  return { items, nextSk: out.LastEvaluatedKey && last ? keys.timelineSK(last.startAt, last.id) : null };
}

/** AP: the member's RSVP on each of the given events. */
export async function rsvpsOf(userId: string, eventIds: string[]): Promise<Map<string, StoredRsvp>> {
  const found = eventIds.length ? await batchGetAll(eventIds.map((id) => keys.rsvp(id, userId)), { consistent: true }) : [];
  return new Map(found.map((r) => [String(r.eventId), r as unknown as StoredRsvp]));
}

/** AP: the member's answer to an event and whether its host has premium benefits now (the badge): one BatchGet. */
export async function answerAndHostPlan(userId: string, eventId: string, hostId: string): Promise<{ rsvp: StoredRsvp | undefined; hostPremium: boolean }> {
  const found = await batchGetAll([keys.rsvp(eventId, userId), keys.entitlement(hostId)], { consistent: true });
  const rsvp = found.find((i) => i.SK === keys.rsvp(eventId, userId).SK) as unknown as StoredRsvp | undefined;
  return { rsvp, hostPremium: premiumAt(found.find((i) => i.SK === keys.entitlement(hostId).SK), new Date()) };
}

/** AP: a waitlisted member's place (1 is next): the entries ahead of theirs, plus one. */
export async function waitlistPosition(eventId: string, waitSk: string): Promise<number> {
  const upToMine = await countAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to', ConsistentRead: true,
    ExpressionAttributeValues: { ':pk': keys.eventPartition(eventId), ':from': 'WAIT#', ':to': waitSk },
  });
  return Math.max(1, upToMine);
}

/** AP: every answer to an event (its partition's RSVP items). */
export async function rsvpsOfEvent(eventId: string): Promise<StoredRsvp[]> {
  const out: StoredRsvp[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(new QueryCommand({
      TableName: TABLE, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :r)', ExclusiveStartKey: start,
      ExpressionAttributeValues: { ':pk': keys.eventPartition(eventId), ':r': 'RSVP#' },
    }));
    out.push(...((page.Items ?? []) as StoredRsvp[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

/** EventNotice parts for these recipients, split into events of at most EVENT_NOTICE_RECIPIENTS_MAX. */
export function noticeParts(kind: EventDetail<'EventNotice'>['kind'], e: Pick<StoredEvent, 'id' | 'title'>, actorId: string, recipients: string[]): TransactPart[] {
  const ids = [...new Set(recipients)].filter((r) => r !== actorId);
  const parts: TransactPart[] = [];
  for (let i = 0; i < ids.length; i += EVENT_NOTICE_RECIPIENTS_MAX) {
    parts.push(eventPart('EventNotice', {
      noticeId: randomUUID(), kind, eventId: e.id, eventTitle: e.title, actorId, recipientIds: ids.slice(i, i + EVENT_NOTICE_RECIPIENTS_MAX), createdAt: new Date().toISOString(),
    }));
  }
  return parts;
}
const named = (prefix: string, parts: TransactPart[]) => Object.fromEntries(parts.map((p, i) => [`${prefix}${i}`, p]));

/** `capacity` is a DynamoDB reserved word: expressions name it `#cap`. */
const seatFree = 'attribute_not_exists(#cap) OR attendingCount < #cap';
/** Nobody waits: only then may a newcomer take a free seat (otherwise it is the first waiting member's). */
const noneWaiting = 'attribute_not_exists(waitlistCount) OR waitlistCount <= :zero';
/** The exact opposite of a seat a newcomer may take: the event is full, or members wait. */
const mustWait = '(attribute_exists(#cap) AND attendingCount >= #cap) OR waitlistCount > :zero';
/** The waitlist is as read: no member joined, left or was promoted since (see readWaitlist). */
const waitlistAsRead = 'attribute_not_exists(#wv) OR #wv = :wv';

/** The first waitlist entry, as read with the event's `waitlistVersion` (readWaitlist). */
interface WaitlistHead { key: { PK: string; SK: string }; userId: string }
interface WaitlistRead { event: StoredEvent | null; version: number; head: WaitlistHead | null }

/**
 * AP: the waitlist's head and version. Every change of the waitlist (a member joins, leaves or is promoted) adds
 * one to the event's `waitlistVersion` in its own transaction; the event is read first, then the first entry, both
 * consistent, so a promotion conditioned on the version read promotes the member still first in line.
 */
async function readWaitlist(eventId: string): Promise<WaitlistRead> {
  const event = await getEvent(eventId);
  const page = await ddb.send(new QueryCommand({
    TableName: TABLE, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :w)', Limit: 1, ConsistentRead: true,
    ExpressionAttributeValues: { ':pk': keys.eventPartition(eventId), ':w': 'WAIT#' },
  }));
  const next = page.Items?.[0];
  return { event, version: Number(event?.waitlistVersion ?? 0), head: next ? { key: keyOf(next), userId: String(next.userId) } : null };
}

const hasFreeSeat = (e: StoredEvent | null) => !!e && (!e.capacity || Number(e.attendingCount ?? 0) < e.capacity);

/**
 * The one update of the event's counters a change of answer makes, conditioned on the event being upcoming.
 * 'going' from outside the waitlist needs a free seat and nobody waiting; joining the waitlist needs the opposite.
 * Given the `waitlist` as read: a seat given back ('going' to another answer) goes to its head in this same update
 * (one fewer waiting, conditioned on the waitlist as read), or, when nobody waited, is given back only if nobody
 * waits still; a promotion ('waitlisted' to 'going', promote) of its head is conditioned on it as read too.
 */
function countersPart(eventId: string, from: StoredStatus | null, to: StoredStatus, now: string, waitlist?: WaitlistRead): TransactPart {
  const deltas = new Map<string, number>();
  const add = (field: string | null, d: number) => {
    if (field) deltas.set(field, (deltas.get(field) ?? 0) + d);
  };
  add(from ? COUNTER[from] : null, -1);
  add(COUNTER[to], 1);
  const handedOn = from === 'going' && !!waitlist?.head;
  if (handedOn) {
    add('attendingCount', 1);
    add('waitlistCount', -1);
  }
  if (from === 'waitlisted' || to === 'waitlisted' || handedOn) add('waitlistVersion', 1);
  const guards = ['attribute_exists(PK)', '#start > :now'];
  if (to === 'going') guards.push(from === 'waitlisted' ? `(${seatFree})` : `(${seatFree}) AND (${noneWaiting})`);
  if (to === 'waitlisted') guards.push(`(${mustWait})`);
  if (waitlist) guards.push(`(${waitlist.head ? waitlistAsRead : noneWaiting})`);
  const condition = guards.join(' AND ');
  const entries = [...deltas].filter(([, d]) => d !== 0);
  return {
    Update: {
      TableName: TABLE, Key: keys.event(eventId),
      UpdateExpression: entries.length ? `ADD ${entries.map((_, i) => `#c${i} :c${i}`).join(', ')}` : 'SET #start = #start',
      ConditionExpression: condition,
      ExpressionAttributeNames: {
        ...Object.fromEntries(entries.map(([f], i) => [`#c${i}`, f])), '#start': 'startAt',
        ...(condition.includes('#cap') ? { '#cap': 'capacity' } : {}), ...(condition.includes('#wv') ? { '#wv': 'waitlistVersion' } : {}),
      },
      ExpressionAttributeValues: {
        ...Object.fromEntries(entries.map(([, d], i) => [`:c${i}`, d])), ':now': now,
        ...(condition.includes(':zero') ? { ':zero': 0 } : {}), ...(condition.includes(':wv') ? { ':wv': waitlist!.version } : {}),
      },
    },
  };
}

/**
 * The parts that move the waitlist's head to 'going' (with countersPart given the waitlist as read) and tell them;
 * none without a head.
 */
function promotionParts(
  e: Pick<StoredEvent, 'id' | 'title' | 'hostId'>, head: WaitlistHead | null | undefined, now: string,
): { wait: TransactPart | undefined; promoted: TransactPart | undefined } & Record<string, TransactPart | undefined> {
  if (!head) return { wait: undefined, promoted: undefined };
  return {
    wait: { Delete: { TableName: TABLE, Key: head.key, ConditionExpression: 'attribute_exists(PK)' } },
    promoted: {
      Update: {
        TableName: TABLE, Key: keys.rsvp(e.id, head.userId), UpdateExpression: 'SET #s = :going, updatedAt = :now REMOVE waitSk',
        ConditionExpression: '#s = :waitlisted', ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':going': 'going', ':waitlisted': 'waitlisted', ':now': now },
      },
    },
    ...named('promotedNotice', noticeParts('promoted', e, e.hostId, [head.userId])),
  };
}

/**
 * A waitlist entry whose member no longer waits (their answer was removed without it, e.g. an account deleted
 * half-way): it goes, with its count, so the next member is first in line.
 */
async function dropStaleEntry(eventId: string, head: WaitlistHead): Promise<void> {
  await transact({
    answer: {
      ConditionCheck: {
        TableName: TABLE, Key: keys.rsvp(eventId, head.userId),
        ConditionExpression: 'attribute_not_exists(PK) OR #s <> :waitlisted OR attribute_not_exists(waitSk) OR waitSk <> :sk',
        ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':waitlisted': 'waitlisted', ':sk': head.key.SK },
      },
    },
    wait: { Delete: { TableName: TABLE, Key: head.key, ConditionExpression: 'attribute_exists(PK)' } },
    event: {
      Update: {
        TableName: TABLE, Key: keys.event(eventId), UpdateExpression: 'ADD waitlistCount :minus, waitlistVersion :one',
        ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':minus': -1, ':one': 1 },
      },
    },
  });
}

function rsvpPut(eventId: string, userId: string, status: StoredStatus, previous: StoredRsvp | undefined, waitSk?: string): TransactPart {
  return {
    Put: {
      TableName: TABLE,
      Item: {
        ...keys.rsvp(eventId, userId), eventId, userId, status, ...(waitSk ? { waitSk } : {}), updatedAt: new Date().toISOString(),
        ...indexKeys({ GSI2: [keys.memberPK(userId), `RSVP#${eventId}`] }),
      },
      ...(previous
        ? { ConditionExpression: '#s = :old', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':old': previous.status } }
        : { ConditionExpression: 'attribute_not_exists(PK)' }),
    },
  };
}

export const eventFull = (position: number) => conflict(`This event is full. You are number ${position} on the waitlist.`, 'EVENT_FULL');
export const eventStarted = () => conflict('This event has already started', 'EVENT_STARTED');

/** Tries of an answer or a promotion that keep meeting concurrent changes of the event before giving up (503). */
const RACE_ATTEMPTS = 30;
const keptRacing = () => dependencyUnavailable('The event', new Error('kept racing with other answers'));

/**
 * AP: a member's answer (docs/product.md, "Events"). The answer and the event's counters change in one
 * transaction conditioned on the answer as read and, for 'going', on a free seat and an empty waitlist, so
 * attendingCount equals the members going and never passes the capacity under any concurrency. 'going' on a full
 * event, or on one where members wait, puts the member on the waitlist (premium members ahead of free ones, then in
 * arrival order) and answers 409 EVENT_FULL; a seat given back goes to the first waitlisted member in the same
 * transaction that gives it back. Returns the member's stored answer.
 */
export async function setRsvp(
  e: StoredEvent, userId: string, status: RsvpStatus, premium: boolean, firstRead?: StoredRsvp | null,
): Promise<StoredRsvp> {
  for (let attempt = 0; attempt < RACE_ATTEMPTS; attempt++) {
    if (attempt > 0) await raceWait(attempt);
    const now = new Date().toISOString();
    // The caller may have read the answer already (in parallel with the event); a retry reads it again.
    const previous = attempt === 0 && firstRead !== undefined ? (firstRead ?? undefined) : (await rsvpsOf(userId, [e.id])).get(e.id);
    const from = previous?.status ?? null;
    if (from === status) return previous!;
    if (from === 'waitlisted' && status === 'going') throw eventFull(await waitlistPosition(e.id, previous!.waitSk!));
    // A seat given back goes to the waitlist's head, read now and promoted in the same transaction.
    const waitlist = from === 'going' ? await readWaitlist(e.id) : undefined;
    // An entry of the member's own while they go is stale (and one transaction cannot write their answer twice).
    if (waitlist?.head?.userId === userId) {
      await dropStaleEntry(e.id, waitlist.head);
      continue;
    }
    const r = await transact({
      rsvp: rsvpPut(e.id, userId, status, previous),
      leaveWait: from === 'waitlisted' && previous?.waitSk ? { Delete: { TableName: TABLE, Key: keys.wait(e.id, previous.waitSk) } } : undefined,
      event: countersPart(e.id, from, status, now, waitlist),
      ...promotionParts(e, waitlist?.head, now),
      ...named('notice', status === 'going' ? noticeParts('rsvp', e, userId, [e.hostId]) : []),
    });
    if (r.ok) {
      // Seats were free besides the one given back (a bigger capacity not given out yet): they go in order too.
      if (waitlist?.head && hasFreeSeat(waitlist.event)) await promote(e.id);
      return { eventId: e.id, userId, status, updatedAt: now };
    }
    if (r.failed.includes('rsvp')) continue;
    if (waitlist?.head && r.failed.includes('promoted') && !r.failed.includes('wait')) {
      await dropStaleEntry(e.id, waitlist.head);
      continue;
    }
    const current = await getEvent(e.id);
    if (!current) throw notFound('Event not found');
    if (current.startAt <= now) throw eventStarted();
    // The waitlist changed since it was read: read it again.
    if (status !== 'going') continue;
    // Full, or members wait: join the waitlist (the seat condition is the only one left that can fail).
    const joined = await joinWaitlist(e, userId, previous, premium, now, hasFreeSeat(current));
    if (joined) return joined;
  }
  throw keptRacing();
}

/**
 * 'going' refused: the member joins the waitlist, conditioned on the event being full or members waiting (else
 * undefined: decide again) and answers 409 EVENT_FULL with their place. When a seat looked free (members waited
 * for a bigger capacity to be given out), free seats go to the waitlist in order first: the member too, in turn.
 */
async function joinWaitlist(
  e: StoredEvent, userId: string, previous: StoredRsvp | undefined, premium: boolean, now: string, seatLookedFree: boolean,
): Promise<StoredRsvp | undefined> {
  const waitSk = keys.waitSk(premium, now, userId);
  const w = await transact({
    rsvp: rsvpPut(e.id, userId, 'waitlisted', previous, waitSk),
    wait: { Put: { TableName: TABLE, Item: { ...keys.wait(e.id, waitSk), eventId: e.id, userId }, ConditionExpression: 'attribute_not_exists(PK)' } },
    event: countersPart(e.id, previous?.status ?? null, 'waitlisted', now),
  });
  if (!w.ok) return undefined;
  if (seatLookedFree && (await promote(e.id)).includes(userId)) return { eventId: e.id, userId, status: 'going', updatedAt: now };
  throw eventFull(await waitlistPosition(e.id, waitSk));
}

/** Promotions at most one call makes (each is one transaction). */
const PROMOTIONS_MAX = 100;

/**
 * AP: give free seats to the waitlist, first entry first: each promotion deletes the entry, makes the member's
 * answer 'going' and takes the seat in one transaction (conditioned on a free seat and the waitlist as read), and
 * notifies the member. Concurrent promoters never promote one member twice, nor one behind the head. Returns who
 * moved up.
 */
export async function promote(eventId: string): Promise<string[]> {
  const promoted: string[] = [];
  let races = 0;
  for (let step = 0; step < PROMOTIONS_MAX && races < RACE_ATTEMPTS; step++) {
    const waitlist = await readWaitlist(eventId);
    const { event: e, head } = waitlist;
    const now = new Date().toISOString();
    if (!e || !head || !hasFreeSeat(e) || e.startAt <= now) return promoted;
    const r = await transact({ event: countersPart(eventId, 'waitlisted', 'going', now, waitlist), ...promotionParts(e, head, now) });
    if (r.ok) promoted.push(head.userId);
    // The member left the waitlist without its entry: drop it and look again.
    else if (r.failed.includes('promoted') && !r.failed.includes('wait')) await dropStaleEntry(eventId, head);
    // Another answer or promoter changed the waitlist or took the seat meanwhile: look again.
    else await raceWait(++races);
  }
  return promoted;
}

/** Who hears about a change of the event: everyone who answered going, interested or is waitlisted. */
export const audience = (rsvps: StoredRsvp[]) => rsvps.filter((r) => r.status !== 'not_going').map((r) => r.userId);

/**
 * AP: the host edits their event (anyone else: 404). A capacity below the members going is refused; a bigger one
 * promotes from the waitlist. The attendees are notified in the same transaction.
 */
export async function updateEvent(hostId: string, eventId: string, fields: ReturnType<typeof eventFields>, hostName: string): Promise<StoredEvent> {
  for (let attempt = 0; ; attempt++) {
    if (attempt > 0) await raceWait(attempt);
    if (attempt >= 30) throw new Error('hosting kept racing');
    const [e, hosting] = await Promise.all([getEvent(eventId), readHosting(hostId)]);
    if (!e || e.hostId !== hostId) throw notFound('Event not found');
    const now = new Date().toISOString();
    if (e.startAt <= now) throw eventStarted();
    const { capacity, ...rest } = fields;
    const set = { ...rest, hostName, updatedAt: now, GSI1SK: keys.timelineSK(rest.startAt, eventId) };
    const names = Object.fromEntries(Object.keys(set).map((k, i) => [`#f${i}`, k]));
    const values = Object.fromEntries(Object.values(set).map((v, i) => [`:f${i}`, v]));
    const r = await transact({
      event: {
        Update: {
          TableName: TABLE, Key: keys.event(eventId),
          UpdateExpression: `SET ${Object.keys(set).map((_, i) => `#f${i} = :f${i}`).join(', ')}${capacity ? ', #cap = :cap' : ''}${capacity ? '' : ' REMOVE #cap'}`,
          // Never an event counted past (data/past.ts), even one a skewed clock still sees upcoming.
          ConditionExpression: `hostId = :host AND startAt > :now AND attribute_not_exists(pastAt)${capacity ? ' AND (attribute_not_exists(attendingCount) OR attendingCount <= :cap)' : ''}`,
          ExpressionAttributeNames: { ...names, '#cap': 'capacity' },
          ExpressionAttributeValues: { ...values, ':host': hostId, ':now': now, ...(capacity ? { ':cap': capacity } : {}) },
        },
      },
      // The new times move the end that counts for the hosting limit, in the same transaction.
      hosting: hostingPart(hostId, hosting, { ...hosting.hosted, [eventId]: endOf(rest) }, now),
      ...named('notice', noticeParts('changed', { id: eventId, title: rest.title }, hostId, audience(await rsvpsOfEvent(eventId)))),
    });
    if (!r.ok) {
      if (r.failed.every((f) => f === 'hosting')) continue;
      const current = await getEvent(eventId);
      if (!current || current.hostId !== hostId) throw notFound('Event not found');
      if (current.startAt <= new Date().toISOString() || current.pastAt) throw eventStarted();
      throw conflict(`Capacity cannot be below the ${current.attendingCount} members going`, 'EVENT_FULL');
    }
    await promote(eventId);
    return (await getEvent(eventId))!;
  }
}

/**
 * AP: the host cancels their event (anyone else: 404): the event goes, its attendees are told and it stops counting
 * for the host's hosting limit, together; an event counted past (data/past.ts) leaves the past-events count in the
 * same transaction, which is conditioned on the event's marker as read.
 */
export async function cancelEvent(hostId: string, eventId: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    if (attempt > 0) await raceWait(attempt);
    if (attempt >= 30) throw new Error('hosting kept racing');
    const [e, hosting] = await Promise.all([getEvent(eventId), readHosting(hostId)]);
    if (!e || e.hostId !== hostId) throw notFound('Event not found');
    const rsvps = await rsvpsOfEvent(eventId);
    const now = new Date().toISOString();
    const { [eventId]: _cancelled, ...still } = hosting.hosted;
    const counted = e.pastAt !== undefined;
    const r = await transact({
      event: {
        Delete: {
          TableName: TABLE, Key: keys.event(eventId), ExpressionAttributeValues: { ':host': hostId },
          ConditionExpression: `hostId = :host AND ${counted ? 'attribute_exists(pastAt)' : 'attribute_not_exists(pastAt)'}`,
        },
      },
      hosting: hostingPart(hostId, hosting, still, now),
      pastCount: counted ? pastCountPart(-1) : undefined,
      ...named('notice', e.startAt > now ? noticeParts('cancelled', e, hostId, audience(rsvps)) : []),
    });
    if (r.ok) break;
    // Gone, or counted past since it was read: read it again.
    if (r.failed.includes('event') && (await getEvent(eventId))?.hostId !== hostId) throw notFound('Event not found');
  }
  await deleteKeys((await partitionItems(keys.eventPartition(eventId))).map(keyOf));
}

/** AP: what a member holds here (GSI2): their answers and the events they host. */
export const memberItems = (userId: string): Promise<Item[]> =>
  queryAll({ IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk', ExpressionAttributeValues: { ':pk': keys.memberPK(userId) } });
