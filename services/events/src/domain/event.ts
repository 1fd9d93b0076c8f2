import type { ClubEvent, EventType, RsvpStatus } from '@torcedor/shared/schemas/events';
import type { Member } from './member.ts';

/** An event as stored: the API's fields without the caller's part, plus its times of record. */
export type StoredEvent = {
  id: string; title: string; description: string | null; eventType: EventType; hostId: string; hostName: string;
  venueName: string | null; address: string | null; startAt: string; endAt: string | null; capacity?: number | null;
  attendingCount: number; interestedCount: number; waitlistCount: number; isAgeRestricted: true; createdAt: string; updatedAt: string;
  /** One more at every change of the waitlist (store/waitlist.ts#readWaitlist); absent before the first. */
  waitlistVersion?: number;
  /** When the past-events schedule counted it past (store/past.ts); absent before. */
  pastAt?: string;
};
/** A member's answer as stored; `waitlisted` is a 'going' that found the event full. */
export type StoredStatus = RsvpStatus | 'waitlisted';
export type StoredRsvp = { eventId: string; userId: string; status: StoredStatus; waitSk?: string; updatedAt: string };
/** A waitlist entry as stored (its sort key orders the waitlist: store/keys.ts#waitSk). */
export type WaitEntry = { eventId: string; userId: string };

/** The event counter each stored answer counts in (none for 'not going'). */
export const COUNTER: Record<StoredStatus, keyof StoredEvent | null> = {
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
export type EventFields = ReturnType<typeof eventFields>;

/** Whether a seat is free: no capacity, or fewer going than it. */
export const hasFreeSeat = (e: StoredEvent | undefined) => !!e && (!e.capacity || Number(e.attendingCount ?? 0) < e.capacity);

/** Who hears about a change of the event: everyone who answered going, interested or is waitlisted. */
export const audience = (rsvps: StoredRsvp[]) => rsvps.filter((r) => r.status !== 'not_going').map((r) => r.userId);

/**
 * The attendees an event page shows: the members going or interested. The host sees everyone who answered; others
 * see members with public profiles (and themselves). `hidden` is how many were left out.
 */
export function attendeesView(e: StoredEvent, callerId: string, rsvps: StoredRsvp[], members: Map<string, Member>) {
  const answering = rsvps.filter((r) => r.status === 'going' || r.status === 'interested');
  const visible = answering.filter((r) => e.hostId === callerId || r.userId === callerId || members.get(r.userId)!.profileVisibility === 'public');
  return {
    attendees: visible.map((r) => {
      const p = members.get(r.userId)!;
      return { userId: r.userId, name: p.displayName, imageUrl: p.profileImageUrl, premium: p.premium, status: r.status as 'going' | 'interested' };
    }),
    hiddenAttendees: answering.length - visible.length,
  };
}

/** The members going or interested: those whose copies an event page reads. */
export const answeringIds = (rsvps: StoredRsvp[]) => rsvps.filter((r) => r.status === 'going' || r.status === 'interested').map((r) => r.userId);
