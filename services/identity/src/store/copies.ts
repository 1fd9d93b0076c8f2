import { applyIfNewer } from '@torcedor/service-kit/copies';
import type { EventDetail } from '@torcedor/shared/events';
import { keys } from './keys.ts';

/** AP: the member's collection counts, kept from humidor's events (newest version wins). */
export const applyCollectionCounts = (d: EventDetail<'CollectionCountsChanged'>) =>
  applyIfNewer(keys.user(d.userId), 'countsVersion', d.version, { humidorCount: d.humidorCount, wishlistCount: d.wishlistCount }, true);

/** AP: the member's plan, kept from billing's events (newest version wins). */
export const applyEntitlement = (d: EventDetail<'EntitlementChanged'>) =>
  applyIfNewer(keys.user(d.userId), 'entitlementVersion', d.version, { entitlementTier: d.tier, entitlementUntil: d.until }, true);

/** AP: the member's follower, following and review totals, kept from social's events (newest version wins). */
export const applySocialCounts = (d: EventDetail<'SocialCountsChanged'>) =>
  applyIfNewer(keys.user(d.userId), 'socialCountsVersion', d.version, {
    followersCount: d.followersCount, followingCount: d.followingCount, reviewsCount: d.reviewsCount,
  }, true);
