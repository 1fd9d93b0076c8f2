import { applyIfNewer } from '@torcedor/service-kit/copies';
import { batchGetAll } from '@torcedor/service-kit/items';
import { hasPremiumBenefits } from '@torcedor/shared/entitlement';
import type { EventDetail } from '@torcedor/shared/events';
import { DEFAULT_SETTINGS, type ContentFilter, type Entitlement } from '@torcedor/shared/schemas/identity';
import { keys } from './keys.ts';

/** social's copy of a member: their public profile, the settings social honours, and moderation state. */
export interface Author {
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
  contentFilter: ContentFilter;
  humidorCount: number;
  /** The member's plan (billing's EntitlementChanged, its own version `entitlementVersion`): the member badge. */
  tier: Entitlement['tier'];
  until: string | null;
  /** Hidden by a moderator: their profile and posts are shown to no one else. */
  isHidden?: boolean;
}

/** What a member whose profile has not arrived yet (or was deleted) is shown as. */
export const UNKNOWN_AUTHOR = (userId: string): Author => ({
  userId, displayName: 'Member', location: null, profileImageUrl: null, bio: null,
  profileVisibility: DEFAULT_SETTINGS.profileVisibility, allowFollowRequests: DEFAULT_SETTINGS.allowFollowRequests,
  showLocationInProfile: DEFAULT_SETTINGS.showLocationInProfile, followNotifications: DEFAULT_SETTINGS.followNotifications,
  reviewNotifications: DEFAULT_SETTINGS.reviewNotifications, eventNotifications: DEFAULT_SETTINGS.eventNotifications,
  contentFilter: DEFAULT_SETTINGS.contentFilter, humidorCount: 0, tier: 'free', until: null,
});

export const toAuthor = (item: Record<string, unknown> | undefined, userId: string): Author =>
  ({ ...UNKNOWN_AUTHOR(userId), ...(item ?? {}), userId }) as Author;

/** The location others may see. */
export const shownLocation = (a: Author) => (a.showLocationInProfile ? a.location : null);

/** AP: keep the copy of a member's public profile and settings, newest version wins. */
export const upsertAuthor = (p: EventDetail<'UserProfileChanged'>) => {
  const { userId: _u, version: _v, marketingEmails: _m, ...fields } = p;
  return applyIfNewer(keys.author(p.userId), 'version', p.version, { userId: p.userId, ...fields });
};

/** AP: keep the member's humidor total (humidor's CollectionCountsChanged), newest version wins. */
export const applyCollectionCounts = (d: EventDetail<'CollectionCountsChanged'>) =>
  applyIfNewer(keys.author(d.userId), 'collectionVersion', d.version, { userId: d.userId, humidorCount: d.humidorCount });

/**
 * AP: keep the member's plan on their copy (billing's EntitlementChanged), newest version wins. It has its own
 * version attribute, independent of the profile's `version` and the humidor total's `collectionVersion`.
 */
export const applyEntitlement = (d: EventDetail<'EntitlementChanged'>) =>
  applyIfNewer(keys.author(d.userId), 'entitlementVersion', d.version, { userId: d.userId, tier: d.tier, until: d.until });

/**
 * The member badge: premium benefits (a paid plan or a running trial) at the time of the read, so a plan past
 * its end shows no badge even before billing's event saying so arrives.
 */
export const isPremiumAuthor = (a: Pick<Author, 'tier' | 'until'>, now = new Date()) => hasPremiumBenefits(a, now);

/** AP: several members' copies at once (BatchGet); missing ones get the unknown-member defaults. */
export async function readAuthors(userIds: Iterable<string>): Promise<Map<string, Author>> {
  const ids = [...new Set(userIds)];
  const items = ids.length ? await batchGetAll(ids.map(keys.author)) : [];
  const byId = new Map(items.map((i) => [String(i.userId), i]));
  return new Map(ids.map((id) => [id, toAuthor(byId.get(id), id)]));
}
