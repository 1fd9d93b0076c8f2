import { eventView, type StoredEvent, type StoredRsvp } from '../domain/event.ts';
import { getEvent } from '../store/events.ts';
import { premiumMembers } from '../store/profiles.ts';
import { answerAndHostPlan, rsvpsOf } from '../store/rsvps.ts';
import { waitlistPosition } from '../store/waitlist.ts';
import { eventNotFound } from './errors.ts';

/** The event, or 404. */
export async function eventOr404(id: string): Promise<StoredEvent> {
  return (await getEvent(id)) ?? Promise.reject(eventNotFound());
}

/** A waitlisted member's place on the waitlist (null for any other answer). */
export async function positionOf(r: StoredRsvp | undefined): Promise<number | null> {
  return r?.status === 'waitlisted' && r.waitSk ? waitlistPosition(r.eventId, r.waitSk) : null;
}

/** The event as this member sees it: their answer and the host's badge, read together. */
export async function viewFor(e: StoredEvent, userId: string) {
  const [answers, premium] = await Promise.all([rsvpsOf(userId, [e.id]), premiumMembers([e.hostId])]);
  const r = answers.get(e.id);
  return eventView(e, userId, r, await positionOf(r), premium.has(e.hostId));
}

/** The event, the member's answer and the host's plan after a change, read together. */
export async function viewAfter(eventId: string, userId: string, hostId: string) {
  const [e, { rsvp, hostPremium }] = await Promise.all([eventOr404(eventId), answerAndHostPlan(userId, eventId, hostId)]);
  return eventView(e, userId, rsvp, await positionOf(rsvp), hostPremium);
}
