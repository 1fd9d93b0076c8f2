import type { EventDetail } from '@torcedor/shared/events';
import { campaignExists } from '../data/campaigns.ts';
import { mutateLead } from '../data/leads.ts';
import { dayActivityPart, reviewTallyPart } from '../data/stats.ts';
import type { ActivityKind } from '../data/keys.ts';
import { emptyLead, later, sourceOf, type LeadState } from './lead.ts';

/**
 * How each member signal changes a lead (docs/marketing.md, "Leads"). Every change is one transaction with the
 * totals it moves; each works in any order and changes nothing when repeated.
 */

/** A sign-up or trial makes the lead known, with where it came from. */
export async function leadRegistered(d: EventDetail<'UserRegistered'>): Promise<boolean> {
  const a = d.attribution;
  const campaignId = a?.utmCampaign && (await campaignExists(a.utmCampaign)) ? a.utmCampaign : null;
  const name = [d.firstName, d.lastName].filter(Boolean).join(' ') || null;
  return mutateLead(d.userId, d.registeredAt, {
    apply: (before) => {
      if (before?.registered) return 'same';
      const s = before ?? emptyLead(d.userId);
      return {
        ...s, registered: true, name, email: d.email, kind: d.kind, createdAt: d.registeredAt,
        trialed: s.trialed || d.kind === 'trial',
        source: sourceOf(a), medium: a?.utmMedium ?? null, utmCampaign: a?.utmCampaign ?? null, referrer: a?.referrer ?? null, campaignId,
      };
    },
  });
}

const ACTIVITY_FIELD = { post: 'posts', review: 'reviews', humidor: 'humidorAdds', rsvp: 'rsvps' } as const satisfies Record<ActivityKind, keyof LeadState>;

/** One thing the member did (a post, a review, a cigar into the humidor, going to an event), counted once. */
export async function activityRecorded(
  userId: string, kind: ActivityKind, ref: string, at: string, extra: Parameters<typeof mutateLead>[2]['extra'] = {},
): Promise<boolean> {
  const field = ACTIVITY_FIELD[kind];
  return mutateLead(userId, at, {
    marker: { kind, ref },
    apply: (before) => {
      const s = before ?? emptyLead(userId);
      return { ...s, [field]: s[field] + 1, lastActiveAt: later(s.lastActiveAt, at) };
    },
    extra: { dayActivity: dayActivityPart(at, field, userId), ...extra },
  });
}

export const reviewRecorded = (d: EventDetail<'ReviewPublished'>) =>
  activityRecorded(d.userId, 'review', d.reviewId, d.createdAt, { reviewTally: reviewTallyPart(d.createdAt, d) });

/** A trial marks the lead as having tried premium; a premium subscription converts it (for good). */
export async function entitlementChanged(d: EventDetail<'EntitlementChanged'>, at: string): Promise<boolean> {
  if (d.tier === 'free') return false;
  return mutateLead(d.userId, at, {
    apply: (before) => {
      const s = before ?? emptyLead(d.userId);
      if (d.tier === 'trial') return s.trialed ? 'same' : { ...s, trialed: true };
      return s.converted ? 'same' : { ...s, converted: true, convertedAt: at, trialed: s.trialed };
    },
  });
}

/** The marketing-emails setting decides whether the lead can be contacted (newer profile versions only). */
export async function profileChanged(d: EventDetail<'UserProfileChanged'>, at: string): Promise<boolean> {
  return mutateLead(d.userId, at, {
    apply: (before) => {
      const s = before ?? emptyLead(d.userId);
      if (d.version <= s.profileVersion) return 'same';
      return { ...s, contactable: d.marketingEmails, profileVersion: d.version };
    },
  });
}
