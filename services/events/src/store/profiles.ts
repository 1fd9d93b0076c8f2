import { applyIfNewer } from '@torcedor/service-kit/copies';
import { batchGetAll } from '@torcedor/service-kit/items';
import type { EventDetail } from '@torcedor/shared/events';
import { premiumAt, unknownProfile, type Member, type Profile } from '../domain/member.ts';
import { entitlements, profiles } from './entities.ts';

/** AP: keep the copy of a member's name, picture, visibility and whether their address is verified, newest version wins. */
export const applyProfile = (p: EventDetail<'UserProfileChanged'>) =>
  applyIfNewer(profiles.key(p.userId), 'version', p.version, {
    userId: p.userId, displayName: p.displayName, profileImageUrl: p.profileImageUrl, profileVisibility: p.profileVisibility,
    emailVerified: p.emailVerified,
  });

/** AP: one member's profile copy (consistent), or undefined when it has not arrived. */
export const readProfile = (userId: string): Promise<Profile | undefined> => profiles.get(userId, { consistent: true });

/**
 * AP: several members' copies and plans, in one BatchGet; a member whose profile has not arrived is shown as
 * 'Member', not public, and one whose plan has not arrived as free. `consistent` for a limit decided on the plan.
 */
export async function readMembers(userIds: Iterable<string>, opts: { consistent?: boolean; now?: Date } = {}): Promise<Map<string, Member>> {
  const ids = [...new Set(userIds)];
  const items = ids.length ? await batchGetAll([...ids.map(profiles.key), ...ids.map(entitlements.key)], { consistent: opts.consistent }) : [];
  const find = (k: { PK: string; SK: string }) => items.find((i) => i.PK === k.PK && i.SK === k.SK);
  const now = opts.now ?? new Date();
  return new Map(ids.map((id) => {
    const p = find(profiles.key(id)) as Profile | undefined;
    const profile: Profile = p
      ? { userId: id, displayName: p.displayName, profileImageUrl: p.profileImageUrl ?? null, profileVisibility: p.profileVisibility, emailVerified: p.emailVerified }
      : unknownProfile(id);
    return [id, { ...profile, premium: premiumAt(find(entitlements.key(id)), now) }];
  }));
}

/** AP: which of these members have premium benefits now (their plans only, one BatchGet): the hosts' badges on a list. */
export async function premiumMembers(userIds: Iterable<string>, now = new Date()): Promise<Set<string>> {
  const ids = [...new Set(userIds)];
  const items = ids.length ? await batchGetAll(ids.map(entitlements.key)) : [];
  const byPK = new Map(items.map((i) => [String(i.PK), i]));
  return new Set(ids.filter((id) => premiumAt(byPK.get(entitlements.key(id).PK), now)));
}
