import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ClubEvent } from '@torcedor/shared/schemas/events';
import { CalendarDays, MapPin, Users } from 'lucide-react';
import { MemberBadge } from '@/components/member-badge';
import { Badge } from '@/components/ui/card';
import { formatDateTime } from '@/lib/date-time';
import { eventTypeOf, isFull } from './event-format';

/** The type badge, and 'Hosting' on the member's own event. */
export function EventBadges({ event }: { event: ClubEvent }) {
  const { i18n } = useLingui();
  const type = eventTypeOf(event.eventType);
  return (
    <div className="flex shrink-0 flex-wrap justify-end gap-1">
      {event.isHost ? <Badge className="bg-warning/20 text-warning"><Trans>Hosting</Trans></Badge> : null}
      <Badge className={type.badge}>{i18n._(type.label)}</Badge>
    </div>
  );
}

/** What an event card and the event page both show under the title: host, venue, description, times, place and seats. */
export function EventFacts({ event }: { event: ClubEvent }) {
  const { t } = useLingui();
  const full = isFull(event);
  const { hostName, attendingCount, capacity, waitlistCount, endAt } = event;
  const until = endAt ? formatDateTime(endAt) : '';
  return (
    <>
      <p className="flex items-center gap-1 text-sm text-muted"><Trans>Hosted by {hostName}</Trans><MemberBadge premium={event.hostPremium} /></p>
      {event.venueName ? <p className="text-sm font-medium">{event.venueName}</p> : null}
      {event.description ? <p className="mt-2 whitespace-pre-line text-sm">{event.description}</p> : null}
      <p className="mt-3 flex items-center gap-1 text-sm">
        <CalendarDays className="h-4 w-4" aria-hidden /><time dateTime={event.startAt}>{formatDateTime(event.startAt)}</time>
      </p>
      {endAt ? <p className="text-sm text-muted"><Trans>Until <time dateTime={endAt}>{until}</time></Trans></p> : null}
      {event.address ? <p className="flex items-center gap-1 text-sm text-muted"><MapPin className="h-4 w-4" aria-hidden />{event.address}</p> : null}
      <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="flex items-center gap-1">
          <Users className="h-4 w-4" aria-hidden /><Plural value={attendingCount} one="# attending" other="# attending" />
        </span>
        {capacity !== null ? <span className="text-muted">· <Plural value={capacity} one="# seat" other="# seats" /></span> : null}
        {full ? <Badge className="bg-danger/20 text-danger">{t({ message: 'Full', context: 'event with no seat left' })}</Badge> : null}
        {waitlistCount > 0 ? <span className="text-muted">· <Plural value={waitlistCount} one="# on the waitlist" other="# on the waitlist" /></span> : null}
      </p>
    </>
  );
}
