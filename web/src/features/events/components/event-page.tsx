import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { UPLOADS_PREFIX } from '@torcedor/shared/constants';
import type { EventDetail } from '@torcedor/shared/schemas/events';
import { uploadUrl } from '@torcedor/shared/schemas/social';
import { ArrowLeft, CalendarPlus, Download, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type * as z from 'zod';
import { MemberBadge } from '@/components/member-badge';
import { RsvpButtons } from '@/components/rsvp-buttons';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, EmptyState } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { errorDetail } from '@/lib/api-client';
import { eventKeys } from '@/lib/api/get-events';
import { appLanguage } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useCancelEvent } from '../api/cancel-event';
import { eventCalendarUrl } from '../api/get-event-calendar';
import { useEvent } from '../api/get-event';
import { EventBadges, EventFacts } from './event-facts';
import { EventFormDialog } from './event-form-dialog';
import { AGE_NOTE, googleCalendarUrl } from './event-format';

type Attendee = z.infer<typeof EventDetail>['attendees'][number];

/** An upload's objectPath (`uploads/...`) is served at `/<objectPath>`; a URL is used as is. */
const pictureSrc = (url: string) => (url.startsWith(`${UPLOADS_PREFIX}/`) ? uploadUrl(url) : url);

function AttendeeAvatar({ a }: { a: Attendee }) {
  const box = 'flex h-9 w-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary font-bold text-primary-fg';
  return a.imageUrl
    ? <img src={pictureSrc(a.imageUrl)} alt="" aria-hidden className={`${box} object-cover`} loading="lazy" />
    : <span aria-hidden className={box}>{a.name.trim().slice(0, 1).toUpperCase() || '?'}</span>;
}

function Attendees({ event }: { event: z.infer<typeof EventDetail> }) {
  const { t } = useLingui();
  const { attendees, hiddenAttendees } = event;
  return (
    <Card>
      <h2 className="text-lg font-semibold"><Trans>Attendees</Trans></h2>
      {attendees.length === 0 && hiddenAttendees === 0 ? <p className="mt-2 text-sm text-muted"><Trans>No one has answered yet.</Trans></p> : null}
      {attendees.length ? (
        <ul className="mt-3 space-y-2" aria-label={t`Attendees`}>
          {attendees.map((a) => (
            <li key={a.userId}>
              <Link to="/profile/{-$id}" params={{ id: a.userId }} className="flex items-center gap-3 text-fg no-underline hover:text-primary">
                <AttendeeAvatar a={a} />
                <span className="font-medium">{a.name}</span>
                <MemberBadge premium={a.premium} />
                {a.status === 'interested' ? <span className="text-xs text-muted">{t({ message: 'Interested', context: 'RSVP state' })}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {hiddenAttendees > 0 ? <p className="mt-2 text-sm text-muted"><Plural value={hiddenAttendees} one="+# more" other="+# more" /></p> : null}
    </Card>
  );
}

/** An event's page (docs/product.md, "Events"): everything on its card, the attendees, calendars, and the host's tools. */
export function EventPage({ id }: { id: string }) {
  const { t, i18n } = useLingui();
  const event = useEvent(id);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelEvent();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const cancelEvent = () =>
    cancel.mutate(event.id, {
      onSuccess: () => {
        toast({ title: t`Event cancelled`, variant: 'success' });
        setConfirming(false);
        void navigate({ to: '/events' }).then(() => queryClient.removeQueries({ queryKey: eventKeys.detail(event.id) }));
      },
      onError: (err) => toast({ title: t`Failed to cancel event`, description: errorDetail(err), variant: 'error' }),
    });

  return (
    <article className="mx-auto max-w-3xl space-y-4">
      <Link to="/events" className="inline-flex items-center gap-1 text-sm text-muted no-underline hover:text-fg">
        <ArrowLeft className="h-4 w-4" aria-hidden /><Trans>All events</Trans>
      </Link>
      <Card>
        <div className="flex items-start justify-between gap-2">
          <h1 className="text-3xl font-bold">{event.title}</h1>
          <EventBadges event={event} />
        </div>
        <EventFacts event={event} />
        <RsvpButtons event={event} size="md" className="mt-4" />
        <div className="mt-4 flex flex-wrap gap-2">
          <a href={eventCalendarUrl(event.id, appLanguage(i18n.locale))} download={`${event.title}.ics`} className={buttonClass('outline', 'sm', 'no-underline')}>
            <Download className="h-4 w-4" aria-hidden /><Trans>Add to calendar (.ics)</Trans>
          </a>
          <a href={googleCalendarUrl(event)} target="_blank" rel="noopener noreferrer" className={buttonClass('outline', 'sm', 'no-underline')}>
            <CalendarPlus className="h-4 w-4" aria-hidden /><Trans>Add to Google Calendar</Trans>
          </a>
        </div>
        {event.isHost ? (
          <div className="mt-4 flex flex-wrap gap-2 border-t border-border pt-4">
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}><Pencil className="h-4 w-4" aria-hidden /><Trans>Edit</Trans></Button>
            <Button variant="danger" size="sm" onClick={() => setConfirming(true)}><Trash2 className="h-4 w-4" aria-hidden /><Trans>Cancel event</Trans></Button>
          </div>
        ) : null}
      </Card>
      <Attendees event={event} />
      <p className="text-center text-sm text-muted">{i18n._(AGE_NOTE)}</p>
      {event.isHost ? (
        <>
          <EventFormDialog key={event.id} open={editing} onOpenChange={setEditing} event={event} />
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t`Cancel this event? Attendees will be notified.`}
            text={t`This cannot be undone.`}
            confirmLabel={cancel.isPending ? t`Cancelling...` : t`Cancel event`}
            pending={cancel.isPending}
            onConfirm={cancelEvent}
          />
        </>
      ) : null}
    </article>
  );
}

/** An unknown (or cancelled) event. */
export function EventNotFound() {
  const { t } = useLingui();
  return (
    <EmptyState title={t`Event not found`} text={t`This event does not exist, or it was cancelled.`}>
      <Link to="/events" className={buttonClass('primary', 'md', 'no-underline')}><Trans>Back to events</Trans></Link>
    </EmptyState>
  );
}
