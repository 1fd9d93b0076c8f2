import type { ClubEvent } from '@torcedor/shared/schemas/events';
import { CalendarDays, MapPin, Users } from 'lucide-react';
import { MemberBadge } from '@/components/member-badge';
import { Badge } from '@/components/ui/card';
import { formatDateTime } from '@/lib/date-time';
import { eventTypeOf, isFull } from './event-format';

/** The type badge, and 'Hosting' on the member's own event. */
export function EventBadges({ event }: { event: ClubEvent }) {
  const type = eventTypeOf(event.eventType);
  return (
    <div className="flex shrink-0 flex-wrap justify-end gap-1">
      {event.isHost ? <Badge className="bg-warning/20 text-warning">Hosting</Badge> : null}
      <Badge className={type.badge}>{type.label}</Badge>
    </div>
  );
}

/** What an event card and the event page both show under the title: host, venue, description, times, place and seats. */
export function EventFacts({ event }: { event: ClubEvent }) {
  const full = isFull(event);
  return (
    <>
      <p className="flex items-center gap-1 text-sm text-muted">Hosted by {event.hostName}<MemberBadge premium={event.hostPremium} /></p>
      {event.venueName ? <p className="text-sm font-medium">{event.venueName}</p> : null}
      {event.description ? <p className="mt-2 whitespace-pre-line text-sm">{event.description}</p> : null}
      <p className="mt-3 flex items-center gap-1 text-sm">
        <CalendarDays className="h-4 w-4" aria-hidden /><time dateTime={event.startAt}>{formatDateTime(event.startAt)}</time>
      </p>
      {event.endAt ? <p className="text-sm text-muted">Until <time dateTime={event.endAt}>{formatDateTime(event.endAt)}</time></p> : null}
      {event.address ? <p className="flex items-center gap-1 text-sm text-muted"><MapPin className="h-4 w-4" aria-hidden />{event.address}</p> : null}
      <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="flex items-center gap-1"><Users className="h-4 w-4" aria-hidden />{event.attendingCount} attending</span>
        {event.capacity !== null ? <span className="text-muted">· {event.capacity} {event.capacity === 1 ? 'seat' : 'seats'}</span> : null}
        {full ? <Badge className="bg-danger/20 text-danger">Full</Badge> : null}
        {event.waitlistCount > 0 ? <span className="text-muted">· {event.waitlistCount} on the waitlist</span> : null}
      </p>
    </>
  );
}
