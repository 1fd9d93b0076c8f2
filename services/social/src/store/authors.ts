import { applyIfNewer } from '@torcedor/service-kit/copies';
import { batchGetAll } from '@torcedor/service-kit/items';
import type { EventDetail } from '@torcedor/shared/events';
import { toAuthor, type Author } from '../domain/author.ts';
import { authors } from './entities.ts';

/** AP: keep the copy of a member's public profile and settings, newest version wins. */
export const upsertAuthor = (p: EventDetail<'UserProfileChanged'>) => {
  const { userId: _u, version: _v, marketingEmails: _m, ...fields } = p;
  return applyIfNewer(authors.key(p.userId), 'version', p.version, { userId: p.userId, ...fields });
};

/** AP: keep the member's humidor total (humidor's CollectionCountsChanged), newest version wins. */
export const applyCollectionCounts = (d: EventDetail<'CollectionCountsChanged'>) =>
  applyIfNewer(authors.key(d.userId), 'collectionVersion', d.version, { userId: d.userId, humidorCount: d.humidorCount });

/**
 * AP: keep the member's plan on their copy (billing's EntitlementChanged), newest version wins. It has its own
 * version attribute, independent of the profile's `version` and the humidor total's `collectionVersion`.
 */
export const applyEntitlement = (d: EventDetail<'EntitlementChanged'>) =>
  applyIfNewer(authors.key(d.userId), 'entitlementVersion', d.version, { userId: d.userId, tier: d.tier, until: d.until });

/** AP: several members' copies at once (BatchGet); missing ones get the unknown-member defaults. */
export async function readAuthors(userIds: Iterable<string>): Promise<Map<string, Author>> {
  const ids = [...new Set(userIds)];
  const items = ids.length ? await batchGetAll(ids.map(authors.key)) : [];
  const byId = new Map(items.map((i) => [String(i.userId), i]));
  return new Map(ids.map((id) => [id, toAuthor(byId.get(id), id)]));
}

/** AP: one member's copy (the unknown-member defaults when it has not arrived). */
export const readAuthor = async (userId: string): Promise<Author> => (await readAuthors([userId])).get(userId)!;
