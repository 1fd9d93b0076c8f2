import { conflict, forbidden, notFound } from '@torcedor/service-kit/errors';
import { EMAIL_UNVERIFIED_MESSAGE, FREE_HOSTED_EVENTS_LIMIT } from '@torcedor/shared/constants';

/** The events service's errors as the API answers them (docs/api.md). */

/** No such event, or not the caller's to change: 404 alike. */
export const eventNotFound = () => notFound('Event not found');
/** 'going' on a full event (or one where members wait): the member waits at `position`. */
export const eventFull = (position: number) => conflict(`This event is full. You are number ${position} on the waitlist.`, 'EVENT_FULL');
/** An answer to, or an edit of, an event that has started (or was counted past). */
export const eventStarted = () => conflict('This event has already started', 'EVENT_STARTED');
/** An edit whose capacity is below the members going. */
export const capacityBelowGoing = (going: number) => conflict(`Capacity cannot be below the ${going} members going`, 'EVENT_FULL');
/** A free member hosting FREE_HOSTED_EVENTS_LIMIT upcoming events already (services/events/README.md, "Hosting limit"). */
export const hostingLimitReached = () =>
  forbidden(`Free members can host up to ${FREE_HOSTED_EVENTS_LIMIT} upcoming events. Upgrade to Premium to host more.`, 'HOSTING_LIMIT');
/** Hosting or answering by a member whose address is not verified yet (domain/member.ts#mayContribute). */
export const emailUnverified = () => forbidden(EMAIL_UNVERIFIED_MESSAGE, 'EMAIL_UNVERIFIED');
