import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DURATION_MS, toIcs } from '../src/domain/ics.ts';

const base = {
  id: 'ev-1', title: 'Maduro night; cigars, rum & jazz', description: 'Bring a lighter.\nDress: smart casual, please',
  venueName: 'La Casa del Habano', address: '12 Calle Obispo, Havana', startAt: '2027-03-05T19:30:00.000Z',
  endAt: '2027-03-05T23:00:00.000Z', hostName: 'Sofía', updatedAt: '2027-01-02T10:00:00.000Z',
};
const parse = (text: string) => new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;

describe('toIcs', () => {
  it('parses with a real iCalendar parser and round-trips title, times, place and a stable UID', () => {
    const text = toIcs(base, 'https://torcedor.example');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n').every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    const v = parse(text);
    expect(v.getFirstPropertyValue('summary')).toBe(base.title);
    expect(v.getFirstPropertyValue('location')).toBe(`${base.venueName}, ${base.address}`);
    expect(v.getFirstPropertyValue('description')).toContain('Dress: smart casual, please');
    expect((v.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe(base.startAt);
    expect((v.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString()).toBe(base.endAt);
    expect(v.getFirstPropertyValue('uid')).toBe('ev-1@torcedor');
    expect(toIcs({ ...base, title: 'Renamed', updatedAt: '2027-01-03T00:00:00.000Z' }, 'x')).toContain('UID:ev-1@torcedor');
    expect(v.getFirstPropertyValue('url')).toBe('https://torcedor.example/events/ev-1');
  });

  it('gives an event without an end the default length, and folds long lines without breaking characters', () => {
    const long = 'Añejo '.repeat(40).trim();
    const v = parse(toIcs({ ...base, endAt: null, title: long, venueName: null, address: null }, 'https://x'));
    const start = (v.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().getTime();
    expect((v.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().getTime() - start).toBe(DEFAULT_DURATION_MS);
    expect(v.getFirstPropertyValue('summary')).toBe(long);
    expect(v.getFirstPropertyValue('location')).toBeNull();
  });
});
