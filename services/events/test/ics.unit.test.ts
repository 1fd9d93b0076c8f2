import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { catalogProblems } from '@torcedor/service-kit/messages';
import { DEFAULT_DURATION_MS, toIcs } from '../src/domain/ics.ts';
import deFile from '../content/de/calendar.json' with { type: 'json' };
import enFile from '../content/en/calendar.json' with { type: 'json' };
import esFile from '../content/es/calendar.json' with { type: 'json' };
import frFile from '../content/fr/calendar.json' with { type: 'json' };
import itFile from '../content/it/calendar.json' with { type: 'json' };

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

  it('keeps a title or description with CR, LF or CRLF inside its own property: no injected line', () => {
    const injected = 'END:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:Free cigars\r\nURL:https://evil.example';
    const properties = ['BEGIN', 'VERSION', 'PRODID', 'CALSCALE', 'METHOD', 'UID', 'DTSTAMP', 'DTSTART', 'DTEND', 'SUMMARY', 'DESCRIPTION', 'LOCATION', 'URL', 'END'];
    for (const br of ['\r', '\n', '\r\n']) {
      const title = `Tasting${br}${injected.replaceAll('\r\n', br)}`;
      const text = toIcs({ ...base, title, description: `Line one${br}Line two`, venueName: `Lounge${br}X-EVIL:1` }, 'https://torcedor.example');
      // Every line break is a CRLF, and every line is a continuation or one of the file's own properties, once each.
      expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
      const names = text.split('\r\n').filter((l) => l && !l.startsWith(' ')).map((l) => l.split(/[:;]/)[0]);
      expect(names.every((n) => properties.includes(n!)), JSON.stringify(br)).toBe(true);
      expect(names.filter((n) => n === 'SUMMARY' || n === 'URL')).toEqual(['SUMMARY', 'URL']);
      expect(names.filter((n) => n === 'BEGIN')).toEqual(['BEGIN', 'BEGIN']);
      const calendar = new ICAL.Component(ICAL.parse(text));
      expect(calendar.getAllSubcomponents('vevent')).toHaveLength(1);
      const v = calendar.getFirstSubcomponent('vevent')!;
      expect(v.getFirstPropertyValue('summary')).toBe(`Tasting\n${injected.replaceAll('\r\n', '\n')}`);
      expect(v.getFirstPropertyValue('description')).toContain('Line one\nLine two');
      expect(v.getFirstPropertyValue('url')).toBe('https://torcedor.example/events/ev-1');
    }
  });

  it('drops other control characters, which iCalendar text cannot hold', () => {
    const text = toIcs({ ...base, title: 'Nul\u0000 bell\u0007 del\u007f tab\tend' }, 'x');
    expect(parse(text).getFirstPropertyValue('summary')).toBe('Nul bell del tab\tend');
    // eslint-disable-next-line no-control-regex -- the characters under test
    expect(text).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/);
  });
});

describe("toIcs in the downloading member's language", () => {
  it('writes the file\'s own words in it, and the host\'s words as written', () => {
    const en = parse(toIcs(base, 'x')).getFirstPropertyValue('description');
    expect(en).toBe('Bring a lighter.\nDress: smart casual, please\n\nHosted by Sofía. Restricted to adults of legal smoking age.');
    const es = parse(toIcs(base, 'x', 'es'));
    expect(es.getFirstPropertyValue('description')).toBe('Bring a lighter.\nDress: smart casual, please\n\nOrganizado por Sofía. Solo para adultos con la edad legal para fumar.');
    expect(es.getFirstPropertyValue('summary')).toBe(base.title);
    const de = toIcs({ ...base, description: null }, 'x', 'de');
    expect(de.split('\r\n').every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    expect(parse(de).getFirstPropertyValue('description')).toBe('Gastgeber: Sofía. Nur für Erwachsene, die das gesetzliche Mindestalter für das Rauchen erreicht haben.');
    expect(parse(toIcs(base, 'x', 'fr')).getFirstPropertyValue('description')).toContain('Organisé par Sofía. Réservé aux adultes');
    expect(parse(toIcs(base, 'x', 'it')).getFirstPropertyValue('description')).toContain('Organizzato da Sofía.');
  });

  it('has every message in every language, with English\'s placeholders, none left in English', () => {
    expect(catalogProblems({ en: enFile, es: esFile, fr: frFile, de: deFile, it: itFile })).toEqual([]);
    for (const file of [esFile, frFile, deFile, itFile]) expect(file['description.host']).not.toBe(enFile['description.host']);
  });
});
