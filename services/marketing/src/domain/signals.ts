import type { EventDetail } from '@torcedor/shared/events';
import { emptyLead, type ActivityKind, type LeadState } from './lead-state.ts';
import { later, sourceOf } from './lead.ts';

/**
 * How each member signal changes a lead (docs/marketing.md, "Leads"): each is a transition from the stored lead (or
 * none) to the new one, null to delete it, or 'same' when the signal changes nothing. The store applies one in a
 * transaction with the totals it moves (store/leads.ts#mutateLead), so each works in any order and repeated.
 */
export type LeadTransition = (before: LeadState | null) => LeadState | null | 'same';

/** A sign-up or trial makes the lead known, with where it came from (`campaignId`: its utm_campaign is one of ours). */
export function registration(d: EventDetail<'UserRegistered'>, campaignId: string | null): LeadTransition {
  const a = d.attribution;
  const name = [d.firstName, d.lastName].filter(Boolean).join(' ') || null;
  return (before) => {
    if (before?.registered) return 'same';
    const s = before ?? emptyLead(d.userId);
    return {
      // An address from MemberEmailChanged (a later change) wins over the one the account signed up with.
      ...s, registered: true, name, email: s.emailVersion > 0 ? s.email : d.email, kind: d.kind, createdAt: d.registeredAt,
      trialed: s.trialed || d.kind === 'trial',
      source: sourceOf(a), medium: a?.utmMedium ?? null, utmCampaign: a?.utmCampaign ?? null, referrer: a?.referrer ?? null, campaignId,
    };
  };
}

/** The lead field (and the day's flow) each kind of activity counts in. */
export const ACTIVITY_FIELD = { post: 'posts', review: 'reviews', humidor: 'humidorAdds', rsvp: 'rsvps' } as const satisfies Record<ActivityKind, keyof LeadState>;

/** One thing the member did (a post, a review, a cigar into the humidor, going to an event), at `at`. */
export function activity(userId: string, kind: ActivityKind, at: string): LeadTransition {
  const field = ACTIVITY_FIELD[kind];
  return (before) => {
    const s = before ?? emptyLead(userId);
    return { ...s, [field]: s[field] + 1, lastActiveAt: later(s.lastActiveAt, at) };
  };
}

/**
 * A trial marks the lead as having tried premium; a premium subscription converts it (for good). Undefined for the
 * free tier, which changes no lead.
 */
export function entitlement(d: EventDetail<'EntitlementChanged'>, at: string): LeadTransition | undefined {
  if (d.tier === 'free') return undefined;
  return (before) => {
    const s = before ?? emptyLead(d.userId);
    if (d.tier === 'trial') return s.trialed ? 'same' : { ...s, trialed: true };
    return s.converted ? 'same' : { ...s, converted: true, convertedAt: at, trialed: s.trialed };
  };
}

/**
 * The marketing-emails setting decides whether the lead can be contacted, and the language what a campaign email's own
 * words are written in (newer profile versions only).
 */
export function profile(d: EventDetail<'UserProfileChanged'>): LeadTransition {
  return (before) => {
    const s = before ?? emptyLead(d.userId);
    if (d.version <= s.profileVersion) return 'same';
    return { ...s, contactable: d.marketingEmails, language: d.language, profileVersion: d.version };
  };
}

/** The member's address, whether it is verified and whether SES suppressed it (newer versions only): who a campaign email may go to. */
export function memberEmail(d: EventDetail<'MemberEmailChanged'>): LeadTransition {
  return (before) => {
    const s = before ?? emptyLead(d.userId);
    if (d.version <= s.emailVersion) return 'same';
    return { ...s, email: d.email, emailVerified: d.verified, emailSuppressed: d.suppressed, emailVersion: d.version };
  };
}

/** The member's account is deleted: the lead goes (nothing to do when there is none). */
export const removal: LeadTransition = (before) => (before ? null : 'same');
