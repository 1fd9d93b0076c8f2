import { randomUUID } from 'node:crypto';
import { readEntitlement } from '@torcedor/service-kit/entitlement';
import { notFound } from '@torcedor/service-kit/errors';
import { createHttpHandler, Reply } from '@torcedor/service-kit/http';
import { keyedId } from '@torcedor/service-kit/idempotency';
import { countBusiness } from '@torcedor/service-kit/observability';
import { baseConfig } from '@torcedor/service-kit/config';
import { FREE_HOSTED_EVENTS_LIMIT } from '@torcedor/shared/constants';
import { hasPremiumBenefits } from '@torcedor/shared/entitlement';
import {
  answerAndHostPlan, cancelEvent, createEvent, eventFields, eventView, getEvent, listUpcoming, rsvpsOf, rsvpsOfEvent, setRsvp, updateEvent,
  waitlistPosition, type StoredEvent, type StoredRsvp,
} from './data/events.ts';
import { readHosting } from './data/hosting.ts';
import { countPast } from './data/past.ts';
import { exportMember } from './data/member.ts';
import { premiumMembers, readMembers } from './data/profiles.ts';
import { decodeCursor, encodeCursor } from '@torcedor/service-kit/cursor';
import { toIcs } from './domain/ics.ts';

async function positionOf(r: StoredRsvp | undefined) {
  return r?.status === 'waitlisted' && r.waitSk ? waitlistPosition(r.eventId, r.waitSk) : null;
}
async function viewFor(e: StoredEvent, userId: string) {
  const [answers, premium] = await Promise.all([rsvpsOf(userId, [e.id]), premiumMembers([e.hostId])]);
  const r = answers.get(e.id);
  return eventView(e, userId, r, await positionOf(r), premium.has(e.hostId));
}
/** The event, the member's answer and the host's plan after a change, read together. */
async function viewAfter(eventId: string, userId: string, hostId: string) {
  const [e, { rsvp, hostPremium }] = await Promise.all([eventOr404(eventId), answerAndHostPlan(userId, eventId, hostId)]);
  return eventView(e, userId, rsvp, await positionOf(rsvp), hostPremium);
}
async function eventOr404(id: string) {
  return (await getEvent(id)) ?? Promise.reject(notFound('Event not found'));
}
const hostName = async (userId: string) => (await readMembers([userId])).get(userId)!.displayName;

export const handler = createHttpHandler('events', {
  getEvents: async ({ session, query }) => {
    const now = new Date().toISOString();
    const [page, pastCount] = await Promise.all([listUpcoming(now, query.limit, decodeCursor(query.cursor)), countPast(now)]);
    const [rsvps, premium] = await Promise.all([rsvpsOf(session.userId, page.items.map((e) => e.id)), premiumMembers(page.items.map((e) => e.hostId))]);
    const upcoming = await Promise.all(page.items.map(async (e) => {
      const r = rsvps.get(e.id);
      return eventView(e, session.userId, r, await positionOf(r), premium.has(e.hostId));
    }));
    return { upcoming, pastCount, nextCursor: page.nextSk ? encodeCursor(page.nextSk) : null };
  },
  getEvent: async ({ session, params }) => {
    const e = await eventOr404(params.id);
    const rsvps = await rsvpsOfEvent(e.id);
    const answering = rsvps.filter((r) => r.status === 'going' || r.status === 'interested');
    // The attendees' copies and plans and the host's plan: one BatchGet.
    const members = await readMembers([e.hostId, ...answering.map((r) => r.userId)]);
    // The host sees everyone who answered; others see members with public profiles (and themselves).
    const visible = answering.filter((r) => e.hostId === session.userId || r.userId === session.userId || members.get(r.userId)!.profileVisibility === 'public');
    const mine = rsvps.find((r) => r.userId === session.userId);
    return {
      ...eventView(e, session.userId, mine, await positionOf(mine), members.get(e.hostId)!.premium),
      attendees: visible.map((r) => {
        const p = members.get(r.userId)!;
        return { userId: r.userId, name: p.displayName, imageUrl: p.profileImageUrl, premium: p.premium, status: r.status as 'going' | 'interested' };
      }),
      hiddenAttendees: answering.length - visible.length,
    };
  },
  createEvent: async ({ session, body, idempotencyKey }) => {
    // The host's name and plan (consistent: an upgrade a moment ago counts) and their hosting item: one round trip.
    const [members, hosting] = await Promise.all([readMembers([session.userId], { consistent: true }), readHosting(session.userId)]);
    const host = members.get(session.userId)!;
    const now = new Date().toISOString();
    const e: StoredEvent = {
      id: idempotencyKey ? keyedId(session.userId, idempotencyKey, 'event') : randomUUID(), hostId: session.userId,
      hostName: host.displayName, ...eventFields(body), attendingCount: 0, interestedCount: 0, waitlistCount: 0,
      isAgeRestricted: true, createdAt: now, updatedAt: now,
    };
    // Premium and trial members host freely; a free member hosts at most FREE_HOSTED_EVENTS_LIMIT upcoming events.
    await createEvent(e, host.premium ? null : FREE_HOSTED_EVENTS_LIMIT, hosting);
    return eventView(e, session.userId, undefined, null, host.premium);
  },
  updateEvent: async ({ session, params, body }) =>
    viewFor(await updateEvent(session.userId, params.id, eventFields(body), await hostName(session.userId)), session.userId),
  cancelEvent: async ({ session, params }) => {
    await cancelEvent(session.userId, params.id);
    return { ok: true as const };
  },
  rsvp: async ({ session, params, body }) => {
    // The event, the member's answer and (for 'going') their plan are independent reads: one round trip.
    const [e, answers, plan] = await Promise.all([
      eventOr404(params.id), rsvpsOf(session.userId, [params.id]), body.status === 'going' ? readEntitlement(session.userId) : null,
    ]);
    // Priority event access is a premium benefit, which a running trial grants too.
    await setRsvp(e, session.userId, body.status, hasPremiumBenefits(plan, new Date()), answers.get(e.id) ?? null);
    if (body.status === 'going') countBusiness('RsvpsMade');
    return viewAfter(params.id, session.userId, e.hostId);
  },
  getEventCalendar: async ({ params }) => {
    const e = await eventOr404(params.id);
    return new Reply(200, toIcs(e, baseConfig().APP_ORIGIN), {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="torcedor-event-${e.id}.ics"`,
    });
  },
  exportEvents: async ({ session }) => exportMember(session.userId),
});
