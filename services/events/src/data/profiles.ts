import { applyIfNewer } from '@torcedor/service-kit/copies';
import { batchGetAll } from '@torcedor/service-kit/items';
import { hasPremiumBenefits } from '@torcedor/shared/entitlement';
import type { EventDetail } from '@torcedor/shared/events';
import { Entitlement } from '@torcedor/shared/schemas/identity';
import { keys } from './keys.ts';

export interface Profile { userId: string; displayName: string; profileImageUrl: string | null; profileVisibility: 'public' | 'followers' | 'private' }
/** A member as an event page shows them: the profile copy, and whether their plan gives premium benefits now (the badge). */
export interface Member extends Profile { premium: boolean }

/** AP: keep the copy of a member's name, picture and visibility, newest version wins. */
export const applyProfile = (p: EventDetail<'UserProfileChanged'>) =>
  applyIfNewer(keys.profile(p.userId), 'version', p.version, {
    userId: p.userId, displayName: p.displayName, profileImageUrl: p.profileImageUrl, profileVisibility: p.profileVisibility,
  });

/** Premium benefits (a paid plan or a running trial) at `now`, from a stored entitlement copy (none, or unreadable: free). */
export const premiumAt = (item: Record<string, unknown> | undefined, now: Date) => {
  const plan = item ? Entitlement.safeParse(item) : null;
  return hasPremiumBenefits(plan?.success ? plan.data : null, now);
};

/**
 * AP: several members' copies and plans, in one BatchGet; a member whose profile has not arrived is shown as
 * 'Member', not public, and one whose plan has not arrived as free. `consistent` for a limit decided on the plan.
 */
export async function readMembers(userIds: Iterable<string>, opts: { consistent?: boolean; now?: Date } = {}): Promise<Map<string, Member>> {
  const ids = [...new Set(userIds)];
  const items = ids.length ? await batchGetAll([...ids.map(keys.profile), ...ids.map(keys.entitlement)], { consistent: opts.consistent }) : [];
  const find = (k: { PK: string; SK: string }) => items.find((i) => i.PK === k.PK && i.SK === k.SK);
  const now = opts.now ?? new Date();
  return new Map(ids.map((id) => {
    const p = find(keys.profile(id)) as unknown as Profile | undefined;
    const profile: Profile = p ? { userId: id, displayName: p.displayName, profileImageUrl: p.profileImageUrl ?? null, profileVisibility: p.profileVisibility }
      : { userId: id, displayName: 'Member', profileImageUrl: null, profileVisibility: 'private' };
    return [id, { ...profile, premium: premiumAt(find(keys.entitlement(id)), now) }];
  }));
}

/** AP: which of these members have premium benefits now (their plans only, one BatchGet): the hosts' badges on a list. */
export async function premiumMembers(userIds: Iterable<string>, now = new Date()): Promise<Set<string>> {
  const ids = [...new Set(userIds)];
  const items = ids.length ? await batchGetAll(ids.map(keys.entitlement)) : [];
  const byPK = new Map(items.map((i) => [String(i.PK), i]));
  return new Set(ids.filter((id) => premiumAt(byPK.get(keys.entitlement(id).PK), now)));
}
