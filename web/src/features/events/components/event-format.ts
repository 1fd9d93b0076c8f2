import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ClubEvent, EventType } from '@torcedor/shared/schemas/events';

/**
 * The event types with their labels (shown with `i18n._`: the value sent to the API stays English) and badge colours
 * (tasting blue, meet-up green, festival purple, masterclass the primary colour).
 */
export const EVENT_TYPES: readonly { value: EventType; label: MessageDescriptor; badge: string }[] = [
  { value: 'tasting', label: msg`Tasting`, badge: 'bg-info/20 text-info' },
  { value: 'meetup', label: msg`Meet-up`, badge: 'bg-success/20 text-success' },
  { value: 'festival', label: msg`Festival`, badge: 'bg-purple/20 text-purple' },
  { value: 'masterclass', label: msg`Masterclass`, badge: 'bg-primary/20 text-primary' },
];
export const eventTypeOf = (t: EventType) => EVENT_TYPES.find((x) => x.value === t)!;

export const AGE_NOTE = msg`All events are restricted to adults of legal smoking age.`;

/** Whether an event's seats are all taken. */
export const isFull = (e: Pick<ClubEvent, 'capacity' | 'attendingCount'>) => e.capacity !== null && e.attendingCount >= e.capacity;

/** Google Calendar's date form: YYYYMMDDTHHMMSSZ, in UTC. */
export const googleDate = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');

const TWO_HOURS_MS = 2 * 3_600_000;

/** A link that opens Google Calendar's new-event page filled with the event (an event with no end lasts two hours). */
export function googleCalendarUrl(e: Pick<ClubEvent, 'title' | 'description' | 'startAt' | 'endAt' | 'venueName' | 'address'>): string {
  const start = new Date(e.startAt);
  const end = e.endAt ? new Date(e.endAt) : new Date(start.getTime() + TWO_HOURS_MS);
  const location = [e.venueName, e.address].filter(Boolean).join(', ');
  return 'https://calendar.google.com/calendar/render?action=TEMPLATE'
    + `&text=${encodeURIComponent(e.title)}`
    + `&dates=${googleDate(start)}/${googleDate(end)}`
    + `&details=${encodeURIComponent(e.description ?? '')}`
    + `&location=${encodeURIComponent(location)}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a datetime-local input's value, in the member's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local input's value (the member's local time) as an ISO instant; anything unreadable is left for the schema to refuse. */
export function fromLocalInput(v: string): string {
  const d = new Date(v);
  return v === '' || Number.isNaN(d.getTime()) ? v : d.toISOString();
}
