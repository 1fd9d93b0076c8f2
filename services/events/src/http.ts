import { createHttpHandler } from '@torcedor/service-kit/http';
import { ClubEvent } from '@torcedor/shared/schemas/events';
import { countPast, listUpcoming, rsvpsOf } from './data/events.ts';
import { exportMember } from './data/member.ts';

export const handler = createHttpHandler('events', {
  getEvents: async ({ session }) => {
    const now = new Date().toISOString();
    const [upcoming, pastCount] = await Promise.all([listUpcoming(now), countPast(now)]);
    const rsvps = await rsvpsOf(session.userId, upcoming.map((e) => e.id));
    return { upcoming: upcoming.map((e) => ClubEvent.parse({ ...e, rsvpStatus: rsvps.get(e.id) ?? null })), pastCount };
  },
  exportEvents: async ({ session }) => exportMember(session.userId),
});
