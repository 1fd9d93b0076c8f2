import { batchGetAll, queryAll } from '@torcedor/service-kit/items';
import { RACED, retryOnRace } from '@torcedor/service-kit/race';
import { transact, type TransactPart } from '@torcedor/service-kit/transactions';
import type { RsvpStatus } from '@torcedor/shared/schemas/events';
import { hasFreeSeat, type StoredEvent, type StoredRsvp, type StoredStatus } from '../domain/event.ts';
import { premiumAt } from '../domain/member.ts';
import { entitlements, events, rsvps, waitEntries } from './entities.ts';
import { keys } from './keys.ts';
import { named, noticeParts } from './notices.ts';
import { countersPart, dropStaleEntry, promote, promotionParts, readWaitlist, waitlistPosition } from './waitlist.ts';

/** What an answer came to: the member's stored answer, or why not (`full`: they wait, at `position`). */
export type RsvpOutcome =
  | { ok: true; rsvp: StoredRsvp }
  | { ok: false; reason: 'full'; position: number }
  | { ok: false; reason: 'not_found' | 'started' };

/** AP: the member's RSVP on each of the given events. */
export async function rsvpsOf(userId: string, eventIds: string[]): Promise<Map<string, StoredRsvp>> {
  const found = eventIds.length ? await rsvps.getMany(eventIds.map((eventId) => ({ eventId, userId })), { consistent: true }) : [];
  return new Map(found.map((r) => [String(r.eventId), r]));
}

/** AP: the member's answer to an event and whether its host has premium benefits now (the badge): one BatchGet. */
export async function answerAndHostPlan(userId: string, eventId: string, hostId: string): Promise<{ rsvp: StoredRsvp | undefined; hostPremium: boolean }> {
  const [answerKey, planKey] = [rsvps.key({ eventId, userId }), entitlements.key(hostId)];
  const found = await batchGetAll([answerKey, planKey], { consistent: true });
  const rsvp = found.find((i) => i.SK === answerKey.SK) as StoredRsvp | undefined;
  return { rsvp, hostPremium: premiumAt(found.find((i) => i.SK === planKey.SK), new Date()) };
}

/** AP: every answer to an event (its partition's RSVP items). */
export async function rsvpsOfEvent(eventId: string): Promise<StoredRsvp[]> {
  return (await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :r)',
    ExpressionAttributeValues: { ':pk': keys.eventPartition(eventId), ':r': 'RSVP#' },
  })) as StoredRsvp[];
}

/** The member's answer written whole, conditioned on the answer as read (`previous`; none: on there being none). */
function rsvpPut(eventId: string, userId: string, status: StoredStatus, previous: StoredRsvp | undefined, waitSk?: string): TransactPart {
  const answer = { eventId, userId, status, ...(waitSk ? { waitSk } : {}), updatedAt: new Date().toISOString() };
  return previous
    ? rsvps.put({ eventId, userId }, answer, { ConditionExpression: '#s = :old', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':old': previous.status } })
    : rsvps.put({ eventId, userId }, answer, { ifAbsent: true });
}

/**
 * AP: a member's answer (docs/product.md, "Events"). The answer and the event's counters change in one
 * transaction conditioned on the answer as read and, for 'going', on a free seat and an empty waitlist, so
 * attendingCount equals the members going and never passes the capacity under any concurrency. 'going' on a full
 * event, or on one where members wait, puts the member on the waitlist (premium members ahead of free ones, then in
 * arrival order) and answers `full` with their place; a seat given back goes to the first waitlisted member in the
 * same transaction that gives it back. Answers the member's stored answer. `firstRead` is the answer when the caller
 * read it already (in parallel with the event); a retry reads it again.
 */
export async function setRsvp(
  e: StoredEvent, userId: string, status: RsvpStatus, premium: boolean, firstRead?: StoredRsvp | null,
): Promise<RsvpOutcome> {
  return retryOnRace('The event', async (n): Promise<RsvpOutcome | typeof RACED> => {
    const now = new Date().toISOString();
    const previous = n === 0 && firstRead !== undefined ? (firstRead ?? undefined) : (await rsvpsOf(userId, [e.id])).get(e.id);
    const from = previous?.status ?? null;
    if (from === status) return { ok: true, rsvp: previous! };
    if (from === 'waitlisted' && status === 'going') return { ok: false, reason: 'full', position: await waitlistPosition(e.id, previous!.waitSk!) };
    // A seat given back goes to the waitlist's head, read now and promoted in the same transaction.
    const waitlist = from === 'going' ? await readWaitlist(e.id) : undefined;
    // An entry of the member's own while they go is stale (and one transaction cannot write their answer twice).
    if (waitlist?.head?.userId === userId) {
      await dropStaleEntry(e.id, waitlist.head);
      return RACED;
    }
    const r = await transact({
      rsvp: rsvpPut(e.id, userId, status, previous),
      leaveWait: from === 'waitlisted' && previous?.waitSk ? waitEntries.remove({ eventId: e.id, sk: previous.waitSk }) : undefined,
      event: countersPart(e.id, from, status, now, waitlist),
      ...promotionParts(e, waitlist?.head, now),
      ...named('notice', status === 'going' ? noticeParts('rsvp', e, userId, [e.hostId]) : []),
    });
    if (r.ok) {
      // Seats were free besides the one given back (a bigger capacity not given out yet): they go in order too.
      if (waitlist?.head && hasFreeSeat(waitlist.event)) await promote(e.id);
      return { ok: true, rsvp: { eventId: e.id, userId, status, updatedAt: now } };
    }
    if (r.failed.includes('rsvp')) return RACED;
    if (waitlist?.head && r.failed.includes('promoted') && !r.failed.includes('wait')) {
      await dropStaleEntry(e.id, waitlist.head);
      return RACED;
    }
    const current = await events.get(e.id);
    if (!current) return { ok: false, reason: 'not_found' };
    if (current.startAt <= now) return { ok: false, reason: 'started' };
    // The waitlist changed since it was read: read it again.
    if (status !== 'going') return RACED;
    // Full, or members wait: join the waitlist (the seat condition is the only one left that can fail).
    return (await joinWaitlist(e, userId, previous, premium, now, hasFreeSeat(current))) ?? RACED;
  });
}

/**
 * 'going' refused: the member joins the waitlist, conditioned on the event being full or members waiting (else
 * undefined: decide again) and answers `full` with their place. When a seat looked free (members waited for a
 * bigger capacity to be given out), free seats go to the waitlist in order first: the member too, in turn.
 */
async function joinWaitlist(
  e: StoredEvent, userId: string, previous: StoredRsvp | undefined, premium: boolean, now: string, seatLookedFree: boolean,
): Promise<RsvpOutcome | undefined> {
  const waitSk = keys.waitSk(premium, now, userId);
  const w = await transact({
    rsvp: rsvpPut(e.id, userId, 'waitlisted', previous, waitSk),
    wait: waitEntries.put({ eventId: e.id, sk: waitSk }, { eventId: e.id, userId }, { ifAbsent: true }),
    event: countersPart(e.id, previous?.status ?? null, 'waitlisted', now),
  });
  if (!w.ok) return undefined;
  if (seatLookedFree && (await promote(e.id)).includes(userId)) return { ok: true, rsvp: { eventId: e.id, userId, status: 'going', updatedAt: now } };
  return { ok: false, reason: 'full', position: await waitlistPosition(e.id, waitSk) };
}
