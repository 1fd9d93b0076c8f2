import { readEntitlement } from '@torcedor/service-kit/entitlement';
import type { RouteHandler } from '@torcedor/service-kit/http';
import { countBusiness } from '@torcedor/service-kit/observability';
import { hasPremiumBenefits } from '@torcedor/shared/entitlement';
import type { Routes } from '@torcedor/shared/routes';
import { mayContribute } from '../domain/member.ts';
import { readProfile } from '../store/profiles.ts';
import { rsvpsOf, setRsvp } from '../store/rsvps.ts';
import { emailUnverified, eventFull, eventNotFound, eventStarted } from './errors.ts';
import { eventOr404, viewAfter } from './views.ts';

/**
 * A member's answer: going, interested or not going; 'going' on a full event joins the waitlist (409 EVENT_FULL). A
 * member whose address is not verified yet is refused (403 EMAIL_UNVERIFIED).
 */
export const rsvp: RouteHandler<Routes['rsvp']> = async ({ session, params, body }) => {
  // The event, the member's answer, their profile copy and (for 'going') their plan are independent reads: one round trip.
  const [e, answers, me, plan] = await Promise.all([
    eventOr404(params.id), rsvpsOf(session.userId, [params.id]), readProfile(session.userId),
    body.status === 'going' ? readEntitlement(session.userId) : null,
  ]);
  if (!mayContribute(me)) throw emailUnverified();
  // Priority event access is a premium benefit, which a running trial grants too.
  const out = await setRsvp(e, session.userId, body.status, hasPremiumBenefits(plan, new Date()), answers.get(e.id) ?? null);
  if (!out.ok) throw out.reason === 'full' ? eventFull(out.position) : out.reason === 'started' ? eventStarted() : eventNotFound();
  if (body.status === 'going') countBusiness('RsvpsMade');
  return viewAfter(params.id, session.userId, e.hostId);
};
