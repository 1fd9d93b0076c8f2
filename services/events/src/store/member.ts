import { deleteKeys, exportPart, keyOf } from '@torcedor/service-kit/items';
import { hostings, profiles } from './entities.ts';
import { cancelEvent, getEvent, memberItems } from './events.ts';
import { setRsvp } from './rsvps.ts';

/** AP: the member's RSVPs and hosted events (GSI2), as their part of the account export. */
export async function exportMember(userId: string) {
  return exportPart('events', await memberItems(userId));
}

/**
 * AP: delete what events holds of a member (UserDeleted): each answer is withdrawn the way 'not going' is (a
 * seat given back promotes the waitlist), the events they host are cancelled (attendees are told), then their
 * answers, profile copy and hosting item go. Idempotent: a repeat finds nothing left.
 */
export async function deleteMember(userId: string): Promise<void> {
  const items = await memberItems(userId);
  for (const rsvp of items.filter((i) => String(i.SK).startsWith('RSVP#'))) {
    const e = await getEvent(String(rsvp.eventId));
    if (e && e.startAt > new Date().toISOString() && rsvp.status !== 'not_going') {
      // Whatever the answer came to (the event started or went meanwhile, or it kept racing), the answer goes.
      await setRsvp(e, userId, 'not_going', false).catch(() => undefined);
    }
    await deleteKeys([keyOf(rsvp)]);
  }
  for (const ev of items.filter((i) => i.SK === 'EVENT')) await cancelEvent(userId, String(ev.id));
  await deleteKeys([profiles.key(userId), hostings.key(userId)]);
}
