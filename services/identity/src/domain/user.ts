import { isPremium } from '@torcedor/shared/entitlement';
import type { EventDetail, MailEventDetail } from '@torcedor/shared/events';
import { displayName } from '@torcedor/shared/formatters';
import type { Attribution } from '@torcedor/shared/schemas/attribution';
import { DEFAULT_SETTINGS, NO_TASTES, User, type Tastes } from '@torcedor/shared/schemas/identity';

/** The stored user: the API shape plus what is never exposed or editable. */
export type UserRecord = Omit<User, 'isOwner' | 'tastes' | 'onboardedAt'> & {
  /** What the member likes; members stored before tastes lack it (none chosen). */
  tastes?: Tastes;
  /**
   * When the first run was finished or skipped; null while it waits. Members stored before the first run lack it and
   * count as done at their sign-up (toApiUser).
   */
  onboardedAt?: string | null;
  /**
   * The pool user name: the normalized email the member signed up with (it never changes, even when the address
   * does: ../../README.md, "Email"), or `trial_<id>` for trials.
   */
  username: string;
  dateOfBirth: string | null;
  country: string | null;
  /** Grows with every change of the public profile; carried by UserProfileChanged. */
  profileVersion: number;
  /**
   * Grows with every change of the address or of whether it is verified; carried by MemberEmailChanged. Members stored
   * before it lack it: their first such change sets it to 1.
   */
  emailVersion?: number;
  /**
   * SES reported a permanent bounce or a complaint for the current address (../../README.md, "Email"): nothing is sent
   * to it until the member changes it. Carried by MemberEmailChanged.
   */
  emailSuppressed?: boolean;
  /** Read copy of billing's entitlement (EntitlementChanged). */
  entitlementTier?: 'free' | 'trial' | 'premium';
  entitlementUntil?: string | null;
};

/** A new member's record: every count zero, the default settings, then `fields` (the sign-up's or the trial's). */
export function newUserRecord(id: string, username: string, fields: Partial<UserRecord>, now: Date): UserRecord {
  return {
    id, username, email: null, emailVerified: null, pendingEmail: null, firstName: null, lastName: null, displayName: null, profileImageUrl: null, bio: null, location: null,
    isSubscribed: false, isTrial: false, trialEndsAt: null,
    followingCount: 0, followersCount: 0, reviewsCount: 0, humidorCount: 0, wishlistCount: 0,
    ...DEFAULT_SETTINGS, tastes: NO_TASTES, onboardedAt: null,
    createdAt: now.toISOString(), dateOfBirth: null, country: null, profileVersion: 1, emailVersion: 1, ...fields,
  };
}

/**
 * The email state of a stored user: users stored before addresses were verified lack `emailVerified` and count as
 * verified (`emailVerified !== false`), a trial (no address) as null; `pendingEmail` is null unless a change waits.
 */
export function withEmailState<T extends { email?: string | null; emailVerified?: boolean | null; pendingEmail?: string | null }>(r: T) {
  return { ...r, emailVerified: r.emailVerified ?? (r.email ? true : null), pendingEmail: r.pendingEmail ?? null };
}

/** The address a verification code proves now: a pending new address, else the member's own while unverified. */
export const addressToVerify = (u: Pick<UserRecord, 'email' | 'emailVerified' | 'pendingEmail'>): string | null =>
  u.pendingEmail ?? (u.emailVerified === false ? u.email : null);

/** A trial member whose trial has ended (the session is refused from then on). */
export const trialIsOver = (u: UserRecord, now: Date) => u.isTrial && !!u.trialEndsAt && new Date(u.trialEndsAt).getTime() <= now.getTime();

/** The API view of a stored user: never the birth date, country or internal versions. */
export function toApiUser(r: UserRecord, isOwner: boolean, now = new Date()): User {
  const isSubscribed = isPremium({ tier: r.entitlementTier ?? 'free', until: r.entitlementUntil ?? null }, now);
  // Parsing through the API schema keeps only the API's fields (birth date, country, versions stay inside).
  const onboardedAt = r.onboardedAt === undefined ? r.createdAt : r.onboardedAt;
  return User.parse({ ...r, tastes: r.tastes ?? NO_TASTES, onboardedAt, isOwner, isSubscribed });
}

/** UserRegistered of a new member: who they are, member or trial, and where they came from when the page said. */
export const registeredDetail = (r: UserRecord, attribution: Attribution | undefined): EventDetail<'UserRegistered'> => ({
  userId: r.id, email: r.email, firstName: r.firstName, lastName: r.lastName,
  kind: r.isTrial ? 'trial' : 'member', registeredAt: r.createdAt, trialEndsAt: r.trialEndsAt,
  ...(attribution ? { attribution } : {}),
});

/** UserProfileChanged of a member: the public profile and every setting the other services honour (social, the emails), with the profile's version. */
export const profileDetail = (u: UserRecord): EventDetail<'UserProfileChanged'> => ({
  userId: u.id,
  version: u.profileVersion,
  displayName: displayName(u),
  location: u.location ?? null,
  profileImageUrl: u.profileImageUrl ?? null,
  bio: u.bio ?? null,
  profileVisibility: u.profileVisibility,
  allowFollowRequests: u.allowFollowRequests,
  showLocationInProfile: u.showLocationInProfile,
  allowDirectMessages: u.allowDirectMessages,
  followNotifications: u.followNotifications,
  reviewNotifications: u.reviewNotifications,
  eventNotifications: u.eventNotifications,
  messageNotifications: u.messageNotifications,
  marketingEmails: u.marketingEmails,
  contentFilter: u.contentFilter,
  emailVerified: u.emailVerified,
  emailNotifications: u.emailNotifications,
  language: u.language ?? DEFAULT_SETTINGS.language,
});

/**
 * MemberEmailChanged of a member: where the services that email members may write to, with its version. Only a
 * verified address counts as verified (a trial has none: null, not verified); a suppressed one is reported so.
 */
export const memberEmailDetail = (u: UserRecord): EventDetail<'MemberEmailChanged'> => ({
  userId: u.id,
  version: u.emailVersion ?? 0,
  email: u.email ?? null,
  verified: u.emailVerified === true,
  suppressed: u.emailSuppressed === true,
});

/**
 * The addresses SES reports undeliverable in one of its events (shared/src/events.ts, MailEventDetail): a permanent
 * bounce's recipients (a transient one may deliver later) and a complaint's. Normalized as sign-up stores addresses.
 */
export function undeliverableAddresses(outcome: 'bounced' | 'complained', d: MailEventDetail): string[] {
  const list = outcome === 'bounced'
    ? (d.bounce?.bounceType === 'Permanent' ? d.bounce.bouncedRecipients : [])
    : (d.complaint?.complainedRecipients ?? []);
  return [...new Set(list.map((r) => r.emailAddress.trim().toLowerCase()))];
}
