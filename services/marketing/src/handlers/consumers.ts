import { isDeleted } from '@torcedor/service-kit/revocation';
import type { EventDetail } from '@torcedor/shared/events';
import type { AutomationName } from '@torcedor/shared/schemas/marketing';
import { runRequested, runScheduled } from './automations.ts';
import { activityRecorded, emailChanged, entitlementChanged, leadDeleted, leadRegistered, profileChanged, reviewRecorded } from './leads.ts';

/**
 * The bus's events marketing consumes (docs/marketing.md, "Leads"), each to the lead signal it is (handlers/leads.ts),
 * and the automations' own events and schedule ticks (handlers/automations.ts).
 */

type Meta = { id: string; time: string };

/** A member signed up (or started a trial). */
export const userRegistered = async (d: EventDetail<'UserRegistered'>) => { await leadRegistered(d); };

/** A post, counted once per post. */
export const postPublished = async (d: EventDetail<'PostPublished'>) => { await activityRecorded(d.userId, 'post', d.postId, d.createdAt); };

/** A review, counted once per review. */
export const reviewPublished = async (d: EventDetail<'ReviewPublished'>) => { await reviewRecorded(d); };

/** A cigar into the humidor counts once per item, whatever later changes it; wishlist entries and removals do not. */
export async function collectionItemChanged(d: EventDetail<'CollectionItemChanged'>): Promise<void> {
  if (d.list === 'humidor' && !d.removed) await activityRecorded(d.userId, 'humidor', d.itemId, d.createdAt);
}

/**
 * Going to an event, counted once per event: the host hears of each RSVP 'going' (its actor is the member), and a
 * waitlisted member hears of their promotion (they are its recipient). A deleted member's late notice counts nothing.
 */
export async function eventNotice(d: EventDetail<'EventNotice'>): Promise<void> {
  const going = d.kind === 'rsvp' ? [d.actorId] : d.kind === 'promoted' ? d.recipientIds : [];
  for (const userId of going) {
    if (!(await isDeleted(userId))) await activityRecorded(userId, 'rsvp', d.eventId, d.createdAt);
  }
}

/** A member's plan changed (a trial, a subscription). */
export const entitlementUpdated = async (d: EventDetail<'EntitlementChanged'>, meta: Meta) => { await entitlementChanged(d, meta.time); };

/** A member's profile changed (the marketing-emails setting). */
export const userProfileChanged = async (d: EventDetail<'UserProfileChanged'>, meta: Meta) => { await profileChanged(d, meta.time); };

/** The member's address and its verification: who a campaign email may reach. */
export const memberEmailChanged = async (d: EventDetail<'MemberEmailChanged'>, meta: Meta) => { await emailChanged(d, meta.time); };

/** A run of an automation to do (the owner's, or a paged run handed on). */
export const automationRequested = (d: EventDetail<'AutomationRequested'>) => runRequested(d.name, d.runId, d.requestedBy);

/** A member's account is deleted. */
export const userDeleted = ({ userId, deletedAt }: EventDetail<'UserDeleted'>) => leadDeleted(userId, deletedAt);

/** A schedule's tick of an automation. */
export const onSchedule = (name: AutomationName) => async () => { await runScheduled(name); };
