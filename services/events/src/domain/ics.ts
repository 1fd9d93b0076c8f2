/**
 * An event as an iCalendar file (RFC 5545): UTC times, a UID stable per event, text escaped (backslash,
 * semicolon, comma, and every line break, CRLF, LF or a bare CR, as `\n`) and lines folded at 75 octets with CRLF
 * endings. An event without an end lasts DEFAULT_DURATION_MS.
 */
export const DEFAULT_DURATION_MS = 2 * 3_600_000;

export interface CalendarEvent {
  id: string; title: string; description: string | null; venueName: string | null; address: string | null;
  startAt: string; endAt: string | null; hostName: string; updatedAt: string;
}

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

export function toIcs(e: CalendarEvent, appOrigin: string): string {
  const end = e.endAt ?? new Date(Date.parse(e.startAt) + DEFAULT_DURATION_MS).toISOString();
  const location = [e.venueName, e.address].filter(Boolean).join(', ');
  const description = [e.description, `Hosted by ${e.hostName}. Restricted to adults of legal smoking age.`].filter(Boolean).join('\n\n');
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
