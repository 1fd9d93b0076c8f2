import { loadMessages } from '@torcedor/service-kit/messages';
import type { LanguageCode } from '@torcedor/shared/constants';
import de from '../../content/de/calendar.json' with { type: 'json' };
import en from '../../content/en/calendar.json' with { type: 'json' };
import es from '../../content/es/calendar.json' with { type: 'json' };
import fr from '../../content/fr/calendar.json' with { type: 'json' };
import it from '../../content/it/calendar.json' with { type: 'json' };

/**
 * An event as an iCalendar file (RFC 5545): UTC times, a UID stable per event, text escaped (backslash,
 * semicolon, comma, and every line break, CRLF, LF or a bare CR, as `\n`) and lines folded at 75 octets with CRLF
 * endings. An event without an end lasts DEFAULT_DURATION_MS. The file's own words are in the language of the member
 * who downloads it (content/<language>/calendar.json); the event's title, description and place are the host's, as
 * written.
 */
export const DEFAULT_DURATION_MS = 2 * 3_600_000;

export interface CalendarEvent {
  id: string; title: string; description: string | null; venueName: string | null; address: string | null;
  startAt: string; endAt: string | null; hostName: string; updatedAt: string;
}

/** The calendar file's words in every language (checked when loaded: the kit's messages.ts). */
export const calendarMessages = loadMessages('events calendar', { en, es, fr, de, it });

const utc = (iso: string) => new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
/**
 * A TEXT value: backslash, semicolon and comma escaped, each line break (CRLF, LF or a bare CR, which a calendar
 * reader may take for a line end) written `\n`, so no text starts a line of its own; other control characters,
 * which TEXT cannot hold (a tab can), are dropped.
 */
const escape = (s: string) => s
  .replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,')
  .replace(/\r\n|\r|\n/g, '\\n')
  // eslint-disable-next-line no-control-regex -- the characters RFC 5545 TEXT refuses
  .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '');

/** Folds a content line into lines of at most 75 octets, never splitting a UTF-8 character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    const limit = out.length ? 74 : 75;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** The event's file, its own words in `language` (the downloading member's request language). */
export function toIcs(e: CalendarEvent, appOrigin: string, language: LanguageCode = 'en'): string {
  const end = e.endAt ?? new Date(Date.parse(e.startAt) + DEFAULT_DURATION_MS).toISOString();
  const location = [e.venueName, e.address].filter(Boolean).join(', ');
  const hosted = calendarMessages.format(language, 'description.host', { host: e.hostName });
  const description = [e.description, hosted].filter(Boolean).join('\n\n');
  const lines = [
    'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Torcedor//Events//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${e.id}@torcedor`,
    `DTSTAMP:${utc(e.updatedAt)}`,
    `DTSTART:${utc(e.startAt)}`,
    `DTEND:${utc(end)}`,
    `SUMMARY:${escape(e.title)}`,
    `DESCRIPTION:${escape(description)}`,
    ...(location ? [`LOCATION:${escape(location)}`] : []),
    `URL:${appOrigin}/events/${e.id}`,
    'END:VEVENT', 'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
