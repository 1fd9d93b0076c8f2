import type { EventDetail } from '@torcedor/shared/events';
import { applyCollectionCounts, applyEntitlement, applySocialCounts } from '../store/copies.ts';

/** humidor's CollectionCountsChanged: the member's collection counts (newest version wins). */
export async function collectionCountsChanged(d: EventDetail<'CollectionCountsChanged'>): Promise<void> {
  await applyCollectionCounts(d);
}

/** billing's EntitlementChanged: the member's plan (newest version wins). */
export async function entitlementChanged(d: EventDetail<'EntitlementChanged'>): Promise<void> {
  await applyEntitlement(d);
}

/** social's SocialCountsChanged: the member's follower, following and review totals (newest version wins). */
export async function socialCountsChanged(d: EventDetail<'SocialCountsChanged'>): Promise<void> {
  await applySocialCounts(d);
}
