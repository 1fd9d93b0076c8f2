import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ClubEvent } from '@torcedor/shared/schemas/events';
import { RsvpButtons } from '@/components/rsvp-buttons';
import { Card } from '@/components/ui/card';
import { EventBadges, EventFacts } from './event-facts';

/** One upcoming event in the grid: its facts, the member's RSVP, and a link to its page. */
export function EventCard({ event }: { event: ClubEvent }) {
  const { t } = useLingui();
  const title = event.title;
  return (
    <Card className="flex h-full flex-col" data-testid="event-card">
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-lg font-semibold">
          <Link to="/events/$id" params={{ id: event.id }} className="text-fg no-underline hover:text-primary">{event.title}</Link>
        </h2>
        <EventBadges event={event} />
      </div>
      <EventFacts event={event} />
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-4">
        <RsvpButtons event={event} />
        {/* The name starts with what the link shows (WCAG 2.5.3), the event's title after it. */}
        <Link to="/events/$id" params={{ id: event.id }} className="text-sm text-primary" aria-label={t`View event: ${title}`}>
          <Trans>View event</Trans>
        </Link>
      </div>
    </Card>
  );
}
