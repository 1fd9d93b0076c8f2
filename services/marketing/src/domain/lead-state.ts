import type { LanguageCode } from '@torcedor/shared/constants';

/**
 * What marketing holds of a lead (docs/marketing.md, "Leads"). The events that build it arrive in any order:
 * activity or a subscription may come before the sign-up, so a lead exists unregistered (counted nowhere, shown
 * nowhere) until its UserRegistered arrives. The type sits below lead.ts and scoring.ts, which both read it.
 */
export type LeadState = {
  id: string;
  registered: boolean;
  name: string | null;
  email: string | null;
  kind: 'member' | 'trial' | null;
  source: string | null;
  medium: string | null;
  utmCampaign: string | null;
  referrer: string | null;
  /** The campaign the lead is attributed to: its utm_campaign named one of ours when the lead signed up. */
  campaignId: string | null;
  createdAt: string | null;
  posts: number;
  reviews: number;
  humidorAdds: number;
  rsvps: number;
  lastActiveAt: string | null;
  trialed: boolean;
  converted: boolean;
  convertedAt: string | null;
  /** The member accepts marketing emails (Settings; off by default). */
  contactable: boolean;
  /** The member's language (identity's UserProfileChanged): what a campaign email's own words are written in. */
  language: LanguageCode;
  /** The version of the last profile event applied (older ones are ignored). */
  profileVersion: number;
  /** Whether the address is verified (identity's MemberEmailChanged): only verified addresses are ever emailed. */
  emailVerified: boolean;
  /** SES reported a permanent bounce or a complaint for the address (MemberEmailChanged): nothing is sent to it until it changes. */
  emailSuppressed: boolean;
  /** The version of the last MemberEmailChanged applied: newer ones only; the address it carries wins over the sign-up's. */
  emailVersion: number;
  /** Optimistic-concurrency version of the stored lead. */
  v: number;
};

/** A lead nobody has heard of yet: unregistered, no activity. */
export const emptyLead = (id: string): LeadState => ({
  id, registered: false, name: null, email: null, kind: null, source: null, medium: null, utmCampaign: null, referrer: null,
  campaignId: null, createdAt: null, posts: 0, reviews: 0, humidorAdds: 0, rsvps: 0, lastActiveAt: null, trialed: false,
  converted: false, convertedAt: null, contactable: false, language: 'en', profileVersion: 0, emailVerified: false, emailSuppressed: false, emailVersion: 0, v: 0,
});

/** The kinds of activity a lead is counted for, each once (an activity marker per kind and reference). */
export type ActivityKind = 'post' | 'review' | 'humidor' | 'rsvp';
