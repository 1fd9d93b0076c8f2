import { hasPremiumBenefits } from '@torcedor/shared/entitlement';
import type { LanguageCode } from '@torcedor/shared/constants';
import { DEFAULT_SETTINGS, type ContentFilter, type Entitlement } from '@torcedor/shared/schemas/identity';

/** social's copy of a member: their public profile, the settings social honours, and moderation state. */
export type Author = {
  userId: string;
  displayName: string;
  location: string | null;
  profileImageUrl: string | null;
  bio: string | null;
  profileVisibility: 'public' | 'followers' | 'private';
  allowFollowRequests: boolean;
  showLocationInProfile: boolean;
  followNotifications: boolean;
  reviewNotifications: boolean;
  eventNotifications: boolean;
  /** The master switch of notification emails (the three kinds above govern them too: domain/digests.ts). */
  emailNotifications: boolean;
  /** Who may send the member direct messages (domain/messages.ts#mayMessage). */
  allowDirectMessages: 'everyone' | 'followers' | 'none';
  /** Unread direct messages in the notification email (domain/digests.ts). */
  messageNotifications: boolean;
  contentFilter: ContentFilter;
  /** The member's language: what their notification emails are written in (absent in copies from before it: English). */
  language?: LanguageCode;
  humidorCount: number;
  /** The member's plan (billing's EntitlementChanged, its own version `entitlementVersion`): the member badge. */
  tier: Entitlement['tier'];
  until: string | null;
  /** Hidden by a moderator: their profile and posts are shown to no one else. */
  isHidden?: boolean;
  /**
   * Whether the member's address is verified (identity's UserProfileChanged; null: a trial account, which has none;
   * absent: no profile yet). Only `false` keeps them from contributing: `mayContribute`.
   */
  emailVerified?: boolean | null;
};

/**
 * The author copy as stored: the copy and the versions of the three events that keep it (the profile's `version`,
 * the humidor total's `collectionVersion`, the plan's `entitlementVersion`).
 */
export type AuthorItem = Author & { version?: number; collectionVersion?: number; entitlementVersion?: number };

/** What a member whose profile has not arrived yet (or was deleted) is shown as. */
export const UNKNOWN_AUTHOR = (userId: string): Author => ({
  userId, displayName: 'Member', location: null, profileImageUrl: null, bio: null,
  profileVisibility: DEFAULT_SETTINGS.profileVisibility, allowFollowRequests: DEFAULT_SETTINGS.allowFollowRequests,
  showLocationInProfile: DEFAULT_SETTINGS.showLocationInProfile, followNotifications: DEFAULT_SETTINGS.followNotifications,
  reviewNotifications: DEFAULT_SETTINGS.reviewNotifications, eventNotifications: DEFAULT_SETTINGS.eventNotifications,
  emailNotifications: DEFAULT_SETTINGS.emailNotifications, allowDirectMessages: DEFAULT_SETTINGS.allowDirectMessages,
  messageNotifications: DEFAULT_SETTINGS.messageNotifications, contentFilter: DEFAULT_SETTINGS.contentFilter, humidorCount: 0, tier: 'free', until: null,
});

/** A member's copy as read (the unknown-member defaults for what it does not hold, or when it has not arrived). */
export const toAuthor = (item: Record<string, unknown> | undefined, userId: string): Author =>
  ({ ...UNKNOWN_AUTHOR(userId), ...(item ?? {}), userId }) as Author;

/**
 * Whether the member may post, comment or review (docs/product.md, "Email"): everyone but a member whose copy says
 * their address is not verified yet. A trial account (null) and a member whose profile has not arrived may.
 */
export const mayContribute = (a: Pick<Author, 'emailVerified'>): boolean => a.emailVerified !== false;

/** The location others may see. */
export const shownLocation = (a: Author) => (a.showLocationInProfile ? a.location : null);

/**
 * The member badge: premium benefits (a paid plan or a running trial) at the time of the read, so a plan past
 * its end shows no badge even before billing's event saying so arrives.
 */
export const isPremiumAuthor = (a: Pick<Author, 'tier' | 'until'>, now = new Date()) => hasPremiumBenefits(a, now);
