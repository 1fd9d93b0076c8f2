import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRelative, formatTime } from './date-time';
import { activateLanguage } from './i18n';

// Local times (the helper writes the device's time zone), so the expectations hold in any zone the tests run in.
const evening = new Date(2026, 11, 2, 18, 30, 45);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('formatDateTime', () => {
  it("writes 'Dec 2, 2026, 6:30 PM': no seconds, a plain space before PM", () => {
    expect(formatDateTime(evening)).toBe('Dec 2, 2026, 6:30 PM');
    expect(formatDateTime(evening.toISOString())).toBe('Dec 2, 2026, 6:30 PM');
  });
  it('writes the morning and midnight the same way', () => {
    expect(formatDateTime(new Date(2027, 0, 15, 9, 5))).toBe('Jan 15, 2027, 9:05 AM');
    expect(formatDateTime(new Date(2027, 0, 15, 0, 0))).toBe('Jan 15, 2027, 12:00 AM');
  });
  it('answers nothing for an unreadable value rather than "Invalid Date"', () => {
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('formatDate', () => {
  it('writes a calendar date as that day in every time zone', () => {
    expect(formatDate('2026-12-02')).toBe('Dec 2, 2026');
    expect(formatDate('2027-01-01')).toBe('Jan 1, 2027');
  });
  it("writes a moment's local day", () => {
    expect(formatDate(evening)).toBe('Dec 2, 2026');
  });
  it('answers nothing for an impossible calendar date', () => {
    expect(formatDate('2026-13-45')).toBe('');
  });
});

describe('formatTime', () => {
  it('writes the time of day without seconds', () => {
    expect(formatTime(evening)).toBe('6:30 PM');
  });
});

describe('formatRelative (the spec: Just now, Nh ago, Nd ago, then the date)', () => {
  const now = new Date(2026, 11, 9, 12, 0);
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it("says 'Just now' under one hour, and for a clock a little ahead", () => {
    expect(formatRelative(now, now)).toBe('Just now');
    expect(formatRelative(ago(HOUR - 1), now)).toBe('Just now');
    expect(formatRelative(ago(-30_000), now)).toBe('Just now');
  });
  it("says 'Nh ago' from one hour to under a day", () => {
    expect(formatRelative(ago(HOUR), now)).toBe('1h ago');
    expect(formatRelative(ago(5 * HOUR + 59 * 60_000), now)).toBe('5h ago');
    expect(formatRelative(ago(DAY - 1), now)).toBe('23h ago');
  });
  it("says 'Nd ago' from one day to under a week", () => {
    expect(formatRelative(ago(DAY), now)).toBe('1d ago');
    expect(formatRelative(ago(7 * DAY - 1).toISOString(), now)).toBe('6d ago');
  });
  it('writes the date and time from a week on', () => {
    expect(formatRelative(ago(7 * DAY), now)).toBe('Dec 2, 2026, 12:00 PM');
    expect(formatRelative(new Date(2025, 5, 1, 8, 15), now)).toBe('Jun 1, 2025, 8:15 AM');
  });
});

describe('in the member’s language', () => {
  const now = new Date(2026, 11, 2, 18, 30);
  afterEach(() => activateLanguage('en', { remember: false }));

  it('writes dates and times as each language does', async () => {
    await activateLanguage('de', { remember: false });
    expect(formatDateTime(evening)).toBe('02.12.2026, 18:30');
    expect(formatDate('2026-12-02')).toBe('02.12.2026');
    await activateLanguage('fr', { remember: false });
    expect(formatDate('2026-12-02')).toBe('2 déc. 2026');
    expect(formatTime(evening)).toBe('18:30');
    await activateLanguage('es', { remember: false });
    expect(formatDate('2026-12-02')).toBe('2 dic 2026');
    await activateLanguage('it', { remember: false });
    expect(formatDate('2026-12-02')).toBe('2 dic 2026');
  });

  it('writes relative times with the catalogs’ words', async () => {
    await activateLanguage('es', { remember: false });
    expect(formatRelative(new Date(now.getTime() - 10 * 60_000), now)).toBe('Justo ahora');
    expect(formatRelative(new Date(now.getTime() - 3 * HOUR), now)).toBe('hace 3 h');
    await activateLanguage('de', { remember: false });
    expect(formatRelative(new Date(now.getTime() - 2 * DAY), now)).toBe('vor 2 Tg.');
    await activateLanguage('fr', { remember: false });
    expect(formatRelative(new Date(now.getTime() - 5 * HOUR), now)).toBe('il y a 5 h');
  });
});
