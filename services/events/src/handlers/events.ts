import { randomUUID } from 'node:crypto';
import { decodeCursor, encodeCursor } from '@torcedor/service-kit/cursor';
import type { RouteHandler } from '@torcedor/service-kit/http';
import { keyedId } from '@torcedor/service-kit/idempotency';
import { FREE_HOSTED_EVENTS_LIMIT } from '@torcedor/shared/constants';
import type { Routes } from '@torcedor/shared/routes';
import { answeringIds, attendeesView, eventFields, eventView, type StoredEvent } from '../domain/event.ts';
import { mayContribute } from '../domain/member.ts';
import { cancelEvent as cancel, createEvent as create, listUpcoming, updateEvent as update } from '../store/events.ts';
import { readHosting } from '../store/hosting.ts';
import { countPast } from '../store/past.ts';
import { premiumMembers, readMembers } from '../store/profiles.ts';
import { rsvpsOf, rsvpsOfEvent } from '../store/rsvps.ts';
import { capacityBelowGoing, emailUnverified, eventNotFound, eventStarted, hostingLimitReached } from './errors.ts';
import { eventOr404, positionOf, viewFor } from './views.ts';

/** Upcoming events a page at a time, each with the caller's answer and the host's badge, and the past events' count. */
export const getEvents: RouteHandler<Routes['getEvents']> = async ({ session, query }) => {
  const now = new Date().toISOString();
  const [page, pastCount] = await Promise.all([listUpcoming(now, query.limit, decodeCursor(query.cursor)), countPast(now)]);
  const [rsvps, premium] = await Promise.all([rsvpsOf(session.userId, page.items.map((e) => e.id)), premiumMembers(page.items.map((e) => e.hostId))]);
  const upcoming = await Promise.all(page.items.map(async (e) => {
    const r = rsvps.get(e.id);
    return eventView(e, session.userId, r, await positionOf(r), premium.has(e.hostId));
  }));
  return { upcoming, pastCount, nextCursor: page.nextSk ? encodeCursor(page.nextSk) : null };
};

/** An event with the caller's answer and the attendees the caller may see. */
export const getEvent: RouteHandler<Routes['getEvent']> = async ({ session, params }) => {
  const e = await eventOr404(params.id);
  const rsvps = await rsvpsOfEvent(e.id);
  // The attendees' copies and plans and the host's plan: one BatchGet.
  const members = await readMembers([e.hostId, ...answeringIds(rsvps)]);
  const mine = rsvps.find((r) => r.userId === session.userId);
  return {
    ...eventView(e, session.userId, mine, await positionOf(mine), members.get(e.hostId)!.premium),
    ...attendeesView(e, session.userId, rsvps, members),
  };
};

/**
 * Host an event; a member whose address is not verified yet is refused (403 EMAIL_UNVERIFIED), and so is a free member
 * past the hosting limit (403 HOSTING_LIMIT).
 */
export const createEvent: RouteHandler<Routes['createEvent']> = async ({ session, body, idempotencyKey }) => {
  // The host's copy and plan (consistent: an upgrade or a verification a moment ago counts) and their hosting item: one round trip.
  const [members, hosting] = await Promise.all([readMembers([session.userId], { consistent: true }), readHosting(session.userId)]);
  const host = members.get(session.userId)!;
  if (!mayContribute(host)) throw emailUnverified();
  const now = new Date().toISOString();
  const e: StoredEvent = {
    id: idempotencyKey ? keyedId(session.userId, idempotencyKey, 'event') : randomUUID(), hostId: session.userId,
    hostName: host.displayName, ...eventFields(body), attendingCount: 0, interestedCount: 0, waitlistCount: 0,
    isAgeRestricted: true, createdAt: now, updatedAt: now,
  };
  // Premium and trial members host freely; a free member hosts at most FREE_HOSTED_EVENTS_LIMIT upcoming events.
  const out = await create(e, host.premium ? null : FREE_HOSTED_EVENTS_LIMIT, hosting);
  if (!out.ok) throw hostingLimitReached();
  return eventView(e, session.userId, undefined, null, host.premium);
};

/** The host edits their event (anyone else: 404). */
export const updateEvent: RouteHandler<Routes['updateEvent']> = async ({ session, params, body }) => {
  const hostName = (await readMembers([session.userId])).get(session.userId)!.displayName;
  const out = await update(session.userId, params.id, eventFields(body), hostName);
  if (out.ok) return viewFor(out.event, session.userId);
  if (out.reason === 'capacity') throw capacityBelowGoing(out.going);
  throw out.reason === 'started' ? eventStarted() : eventNotFound();
};

/** The host cancels their event (anyone else: 404). */
export const cancelEvent: RouteHandler<Routes['cancelEvent']> = async ({ session, params }) => {
  if (!(await cancel(session.userId, params.id))) throw eventNotFound();
  return { ok: true as const };
};
