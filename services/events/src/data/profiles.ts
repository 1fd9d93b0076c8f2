import { applyIfNewer } from '@torcedor/service-kit/copies';
import { batchGetAll } from '@torcedor/service-kit/items';
import type { EventDetail } from '@torcedor/shared/events';
import { keys } from './keys.ts';

export interface Profile { userId: string; displayName: string; profileImageUrl: string | null; profileVisibility: 'public' | 'followers' | 'private' }

/** AP: keep the copy of a member's name, picture and visibility, newest version wins. */
export const applyProfile = (p: EventDetail<'UserProfileChanged'>) =>
  applyIfNewer(keys.profile(p.userId), 'version', p.version, {
    userId: p.userId, displayName: p.displayName, profileImageUrl: p.profileImageUrl, profileVisibility: p.profileVisibility,
  });

/** AP: several members' copies (BatchGet); a member whose profile has not arrived is shown as 'Member', not public. */
export async function readProfiles(userIds: Iterable<string>): Promise<Map<string, Profile>> {
  const ids = [...new Set(userIds)];
  const items = ids.length ? await batchGetAll(ids.map(keys.profile)) : [];
  const found = new Map(items.map((i) => [String(i.userId), i as unknown as Profile]));
  return new Map(ids.map((id) => [id, found.get(id) ?? { userId: id, displayName: 'Member', profileImageUrl: null, profileVisibility: 'private' }]));
}
