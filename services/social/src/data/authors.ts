import { applyIfNewer } from '@torcedor/service-kit/copies';
import type { EventDetail } from '@torcedor/shared/events';
import { keys } from './keys.ts';

/** AP: keep the read copy of a member's public profile, newest version wins. */
export const upsertAuthor = (p: EventDetail<'UserProfileChanged'>) =>
  applyIfNewer(keys.author(p.userId), 'version', p.version, {
    userId: p.userId, displayName: p.displayName, location: p.location, profileImageUrl: p.profileImageUrl,
  });
