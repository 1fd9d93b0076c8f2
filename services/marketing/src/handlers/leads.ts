import type { RouteHandler } from '@torcedor/service-kit/http';
import { exportPart } from '@torcedor/service-kit/items';
import type { EventDetail } from '@torcedor/shared/events';
import type { Routes } from '@torcedor/shared/routes';
import type { ActivityKind } from '../domain/lead-state.ts';
import { activity, ACTIVITY_FIELD, entitlement, memberEmail, profile, registration } from '../domain/signals.ts';
import { campaignExists } from '../store/campaigns.ts';
import { deleteLead, leadPartitionItems, mutateLead, type LeadChange } from '../store/leads.ts';

/**
 * How each member signal changes a lead (docs/marketing.md, "Leads"; the transitions are domain/signals.ts). Every
 * change is one transaction with the totals it moves; each works in any order and changes nothing when repeated.
 * Each answers whether it changed the lead.
 */

/** A sign-up or trial makes the lead known, attributed to the campaign its utm_campaign names if that is one of ours. */
export async function leadRegistered(d: EventDetail<'UserRegistered'>): Promise<boolean> {
  const code = d.attribution?.utmCampaign;
  const campaignId = code && (await campaignExists(code)) ? code : null;
  return mutateLead(d.userId, d.registeredAt, { apply: registration(d, campaignId) });
}

/** One thing the member did (a post, a review, a cigar into the humidor, going to an event), counted once. */
export async function activityRecorded(
  userId: string, kind: ActivityKind, ref: string, at: string, review?: LeadChange['review'],
): Promise<boolean> {
  return mutateLead(userId, at, { apply: activity(userId, kind, at), marker: { kind, ref }, dayActivity: ACTIVITY_FIELD[kind], review });
}

/** A review: an activity, and its part of the day's tally by cigar. */
export const reviewRecorded = (d: EventDetail<'ReviewPublished'>) => activityRecorded(d.userId, 'review', d.reviewId, d.createdAt, d);

/** A trial or a premium subscription (a free tier changes nothing). */
export async function entitlementChanged(d: EventDetail<'EntitlementChanged'>, at: string): Promise<boolean> {
  const apply = entitlement(d, at);
  return apply ? mutateLead(d.userId, at, { apply }) : false;
}

/** The marketing-emails setting (newer profile versions only). */
export async function profileChanged(d: EventDetail<'UserProfileChanged'>, at: string): Promise<boolean> {
  return mutateLead(d.userId, at, { apply: profile(d) });
}

/** The member's address and its verification (newer versions only). */
export async function emailChanged(d: EventDetail<'MemberEmailChanged'>, at: string): Promise<boolean> {
  return mutateLead(d.userId, at, { apply: memberEmail(d) });
}

/** The member's account is deleted: the lead and its markers go, out of every total. */
export const leadDeleted = (userId: string, at: string) => deleteLead(userId, at);

/** The member's part of the account export: their lead and its activity markers. */
export const exportMarketing: RouteHandler<Routes['exportMarketing']> = async ({ session }) =>
  exportPart('marketing', await leadPartitionItems(session.userId));
