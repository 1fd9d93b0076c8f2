import type { EventDetail } from '@torcedor/shared/events';
import { moveStartedEvents } from '../store/past.ts';
import { deleteMember } from '../store/member.ts';
import { applyProfile } from '../store/profiles.ts';

/** identity's UserProfileChanged: the copy of the member's name, picture and visibility. */
export async function profileChanged(p: EventDetail<'UserProfileChanged'>): Promise<void> {
  await applyProfile(p);
}

/** identity's UserDeleted: the member's answers withdrawn, their events cancelled, their copies gone. */
export async function userDeleted({ userId }: EventDetail<'UserDeleted'>): Promise<void> {
  await deleteMember(userId);
}

/** The `past_events_update` schedule (every 5 minutes): started events counted past (services/events/README.md, "Past events"). */
export async function pastEventsUpdate(): Promise<void> {
  await moveStartedEvents();
}
