import { TABLE } from '@torcedor/service-kit/ddb';
import { deleteKeys, keyOf, partitionItems, queryAfter, queryAll, setExpression, type Item } from '@torcedor/service-kit/items';
import { RACED, retryOnRace } from '@torcedor/service-kit/race';
import { transact, type TransactPart } from '@torcedor/service-kit/transactions';
import { audience, type EventFields, type StoredEvent } from '../domain/event.ts';
import { endOf, mayHostMore, upcomingOf, type Hosting } from '../domain/hosting.ts';
import { events } from './entities.ts';
import { hostingPart, readHosting } from './hosting.ts';
import { keys } from './keys.ts';
import { named, noticeParts } from './notices.ts';
import { pastCountPart } from './past.ts';
import { rsvpsOfEvent } from './rsvps.ts';
import { promote } from './waitlist.ts';

/** What creating an event came to: stored (or stored before: an idempotent repeat), or refused by the hosting limit. */
export type CreateOutcome = { ok: true } | { ok: false; reason: 'limit' };
/** What an edit came to: the event as it is now, or why not (`capacity`: below the `going` members). */
export type UpdateOutcome =
  | { ok: true; event: StoredEvent }
  | { ok: false; reason: 'not_found' | 'started' }
  | { ok: false; reason: 'capacity'; going: number };

/** AP: one event (consistent); undefined when there is none. */
export const getEvent = (eventId: string): Promise<StoredEvent | undefined> => events.get(eventId);

/**
 * AP: host an event (a repeat with the same id changes nothing). With a `limit` (a free member), the host may
 * have at most that many upcoming events: the event and the host's hosting item (store/hosting.ts) are written in
 * one transaction conditioned on the item as read, so the limit holds under any concurrency; more is `limit`.
 * `firstRead` is the host's item when the caller read it already (in parallel with the plan).
 */
export async function createEvent(e: StoredEvent, limit: number | null, firstRead?: Hosting): Promise<CreateOutcome> {
  const { capacity, ...rest } = e;
  // A capacity of none is no attribute (domain/event.ts#eventFields).
  const stored: StoredEvent = { ...rest, ...(capacity ? { capacity } : {}) };
  return retryOnRace("The host's events", async (n): Promise<CreateOutcome | typeof RACED> => {
    const now = new Date().toISOString();
    const hosting = n === 0 && firstRead ? firstRead : await readHosting(e.hostId);
    if (e.id in hosting.hosted) return { ok: true };
    const counted = upcomingOf(hosting.hosted, now);
    if (!mayHostMore(counted, limit)) return { ok: false, reason: 'limit' };
    const r = await transact({
      event: events.put(e.id, stored, { ifAbsent: true }),
      hosting: hostingPart(e.hostId, hosting, { ...counted, [e.id]: endOf(e) }, now),
    });
    // Stored before (an idempotent repeat): nothing changes. Otherwise the host's item changed meanwhile: again.
    return r.ok || r.failed.includes('event') ? { ok: true } : RACED;
  });
}

/**
 * AP: upcoming events, soonest first, a page (GSI1 `EVENTS`, start after now, or after the page cursor's sort key
 * `after` when that is later). `nextSk` is the sort key the next page starts after (null: none follows).
 */
export async function listUpcoming(now: string, limit: number, after?: string) {
  const page = await queryAfter(
    { IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': keys.timelinePK } },
    { limit, after: after && after > now ? after : now, sortKey: 'GSI1SK', newestFirst: false },
  );
  const items = page.items as StoredEvent[];
  const last = items.at(-1);
  return { items, nextSk: page.more && last ? keys.timelineSK(last.startAt, last.id) : null };
}

/** The edit's update: the form's fields, the host's name and the new start on the timeline, conditioned as updateEvent says. */
function editPart(hostId: string, eventId: string, fields: EventFields, hostName: string, now: string): TransactPart {
  const { capacity, ...rest } = fields;
  const set = setExpression(
    { ...rest, hostName, updatedAt: now, GSI1SK: keys.timelineSK(rest.startAt, eventId), ...(capacity ? { capacity } : {}) },
    { ':host': hostId, ':now': now, ...(capacity ? { ':cap': capacity } : {}) },
  );
  return {
    Update: {
      TableName: TABLE, Key: events.key(eventId), ...set,
      // A capacity of none is no attribute (domain/event.ts#eventFields).
      UpdateExpression: capacity ? set.UpdateExpression : `${set.UpdateExpression} REMOVE #cap`,
      ExpressionAttributeNames: { ...set.ExpressionAttributeNames, ...(capacity ? {} : { '#cap': 'capacity' }) },
      // Never an event counted past (store/past.ts), even one a skewed clock still sees upcoming.
      ConditionExpression: `hostId = :host AND startAt > :now AND attribute_not_exists(pastAt)${capacity ? ' AND (attribute_not_exists(attendingCount) OR attendingCount <= :cap)' : ''}`,
    },
  };
}

/**
 * AP: the host edits their event (anyone else: `not_found`). A capacity below the members going is refused
 * (`capacity`); a bigger one promotes from the waitlist. The attendees are notified in the same transaction.
 */
export async function updateEvent(hostId: string, eventId: string, fields: EventFields, hostName: string): Promise<UpdateOutcome> {
  const out = await retryOnRace('The event', async (): Promise<Exclude<UpdateOutcome, { ok: true }> | { ok: true } | typeof RACED> => {
    const [e, hosting] = await Promise.all([events.get(eventId), readHosting(hostId)]);
    if (!e || e.hostId !== hostId) return { ok: false, reason: 'not_found' };
    const now = new Date().toISOString();
    if (e.startAt <= now) return { ok: false, reason: 'started' };
    const r = await transact({
      event: editPart(hostId, eventId, fields, hostName, now),
      // The new times move the end that counts for the hosting limit, in the same transaction.
      hosting: hostingPart(hostId, hosting, { ...hosting.hosted, [eventId]: endOf(fields) }, now),
      ...named('notice', noticeParts('changed', { id: eventId, title: fields.title }, hostId, audience(await rsvpsOfEvent(eventId)))),
    });
    if (r.ok) return { ok: true };
    if (r.failed.every((f) => f === 'hosting')) return RACED;
    const current = await events.get(eventId);
    if (!current || current.hostId !== hostId) return { ok: false, reason: 'not_found' };
    if (current.startAt <= new Date().toISOString() || current.pastAt) return { ok: false, reason: 'started' };
    return { ok: false, reason: 'capacity', going: current.attendingCount };
  });
  if (!out.ok) return out;
  await promote(eventId);
  const event = await events.get(eventId);
  return event ? { ok: true, event } : { ok: false, reason: 'not_found' };
}

/**
 * AP: the host cancels their event (anyone else: false): the event goes, its attendees are told and it stops
 * counting for the host's hosting limit, together; an event counted past (store/past.ts) leaves the past-events
 * count in the same transaction, which is conditioned on the event's marker as read. Then its partition goes.
 */
export async function cancelEvent(hostId: string, eventId: string): Promise<boolean> {
  const cancelled = await retryOnRace('The event', async () => {
    const [e, hosting] = await Promise.all([events.get(eventId), readHosting(hostId)]);
    if (!e || e.hostId !== hostId) return false;
    const answers = await rsvpsOfEvent(eventId);
    const now = new Date().toISOString();
    const { [eventId]: _cancelled, ...still } = hosting.hosted;
    const counted = e.pastAt !== undefined;
    const r = await transact({
      event: events.remove(eventId, {
        ConditionExpression: `hostId = :host AND ${counted ? 'attribute_exists(pastAt)' : 'attribute_not_exists(pastAt)'}`,
        ExpressionAttributeValues: { ':host': hostId },
      }),
      hosting: hostingPart(hostId, hosting, still, now),
      pastCount: counted ? pastCountPart(-1) : undefined,
      ...named('notice', e.startAt > now ? noticeParts('cancelled', e, hostId, audience(answers)) : []),
    });
    if (r.ok) return true;
    // Gone, or counted past since it was read: read it again.
    return r.failed.includes('event') && (await events.get(eventId))?.hostId !== hostId ? false : RACED;
  });
  if (cancelled) await deleteKeys((await partitionItems(keys.eventPartition(eventId))).map(keyOf));
  return cancelled;
}

/** AP: what a member holds here (GSI2): their answers and the events they host. */
export const memberItems = (userId: string): Promise<Item[]> =>
  queryAll({ IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk', ExpressionAttributeValues: { ':pk': keys.memberPK(userId) } });
