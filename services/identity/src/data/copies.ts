import { applyIfNewer } from '@torcedor/service-kit/copies';
import type { EventDetail } from '@torcedor/shared/events';
import { userKey } from './users.ts';

/** AP: the member's collection counts, kept from humidor's events (newest version wins). */
export const applyCollectionCounts = (d: EventDetail<'CollectionCountsChanged'>) =>
  applyIfNewer(userKey(d.userId), 'countsVersion', d.version, { humidorCount: d.humidorCount, wishlistCount: d.wishlistCount }, true);

/** AP: the member's plan, kept from billing's events (newest version wins). */
export const applyEntitlement = (d: EventDetail<'EntitlementChanged'>) =>
  applyIfNewer(userKey(d.userId), 'entitlementVersion', d.version, { entitlementTier: d.tier, entitlementUntil: d.until }, true);

/** AP: the member's follower, following and review totals, kept from social's events (newest version wins). */
export const applySocialCounts = (d: EventDetail<'SocialCountsChanged'>) =>
  applyIfNewer(userKey(d.userId), 'socialCountsVersion', d.version, {
    followersCount: d.followersCount, followingCount: d.followingCount, reviewsCount: d.reviewsCount,
  }, true);
