import { t } from '@lingui/core/macro';
import { DAY_MS, HOUR_MS, RELATIVE_TIME_DAYS_LIMIT } from '@torcedor/shared/constants';
import { intlFormatter } from './i18n';

/**
 * The app's one way of writing a moment: 'Dec 2, 2026, 6:30 PM' (no seconds) in the device's time zone, and for
 * what happened in the last week the spec's relative time (docs/product.md, "Behaviour": under 1 hour 'Just now',
 * under 24 hours 'Nh ago', under 7 days 'Nd ago'). Every page writes dates through here, so the feed, /events and
 * the owner's pages read the same. Other languages write the same in their own way (Intl, in the app's language:
 * docs/i18n.md).
 */

type When = string | Date;

const format = (name: string, options: Intl.DateTimeFormatOptions) => intlFormatter(`date:${name}`, (locale) => new Intl.DateTimeFormat(locale, options));

/** Recent ICU writes a narrow no-break space before AM/PM; the app writes a plain space, whatever the engine. */
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const toDate = (value: When) => (typeof value === 'string' ? new Date(value) : value);
const valid = (d: Date) => !Number.isNaN(d.getTime());

/** A moment as 'Dec 2, 2026, 6:30 PM' in the device's time zone; '' for an unreadable value. */
export function formatDateTime(value: When): string {
  const d = toDate(value);
  return valid(d) ? plain(format('date-time', { dateStyle: 'medium', timeStyle: 'short' }).format(d)) : '';
}

/**
 * A day as 'Dec 2, 2026'. A calendar date ('YYYY-MM-DD': a box date, a renewal day) is that day wherever the device
 * is; a moment is its day in the device's time zone.
 */
export function formatDate(value: When): string {
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) {
    const d = new Date(`${value}T00:00:00Z`);
    return valid(d) ? format('calendar-date', { dateStyle: 'medium', timeZone: 'UTC' }).format(d) : '';
  }
  const d = toDate(value);
  return valid(d) ? format('date', { dateStyle: 'medium' }).format(d) : '';
}

/** The time of day as '6:30 PM' (a chat message's stamp). */
export function formatTime(value: When): string {
  const d = toDate(value);
  return valid(d) ? plain(format('time', { timeStyle: 'short' }).format(d)) : '';
}

/**
 * Relative time (docs/product.md, "Behaviour"): under 1 hour 'Just now'; under 24 hours 'Nh ago'; under 7 days
 * 'Nd ago'; older, the moment as formatDateTime writes it. A moment a little ahead of the device's clock (a skewed
 * clock) is 'Just now'.
 */
export function formatRelative(value: When, now: Date): string {
  const d = toDate(value);
  if (!valid(d)) return '';
  const diff = now.getTime() - d.getTime();
  if (diff < HOUR_MS) return t`Just now`;
  const hours = Math.floor(diff / HOUR_MS);
  if (diff < DAY_MS) return t`${hours}h ago`;
  const days = Math.floor(diff / DAY_MS);
  if (diff < RELATIVE_TIME_DAYS_LIMIT * DAY_MS) return t`${days}d ago`;
  return formatDateTime(d);
}
