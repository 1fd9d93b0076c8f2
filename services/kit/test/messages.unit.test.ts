import { describe, expect, it } from 'vitest';
import { renderEmail } from '../src/email.ts';
import {
  catalogProblems, formatDate, formatDuration, formatNodes, languageOf, loadMessages, MessageSyntaxError, parseMessage, placeholdersOf,
  type MessageFile,
} from '../src/messages.ts';

const fmt = (source: string, values: Record<string, string | number> = {}, language: 'en' | 'es' | 'fr' | 'de' | 'it' = 'en') =>
  formatNodes(parseMessage(source), language, values);

describe('parseMessage and formatNodes', () => {
  it('fills plain placeholders, and writes numbers the language’s way', () => {
    expect(fmt('Hello {name},', { name: 'Ana' })).toBe('Hello Ana,');
    expect(fmt('{a}{b} and {a}', { a: 'x', b: 'y' })).toBe('xy and x');
    expect(fmt('{ name }', { name: 'spaces' })).toBe('spaces');
    expect(fmt('{n} cigars', { n: 1234.5 })).toBe('1,234.5 cigars');
    expect(fmt('{n} Zigarren', { n: 1234.5 }, 'de')).toBe('1.234,5 Zigarren');
    expect(fmt('No placeholder at all.')).toBe('No placeholder at all.');
    expect(fmt('')).toBe('');
  });

  it('chooses plural branches by Intl.PluralRules of the language, exact values first, # as the number', () => {
    const cigars = '{count, plural, =0 {no cigars} one {# cigar} other {# cigars}}';
    expect(fmt(cigars, { count: 0 })).toBe('no cigars');
    expect(fmt(cigars, { count: 1 })).toBe('1 cigar');
    expect(fmt(cigars, { count: 2 })).toBe('2 cigars');
    expect(fmt(cigars, { count: 1000 })).toBe('1,000 cigars');
    // French counts 0 as "one"; English does not.
    const fr = '{count, plural, one {# cigare} other {# cigares}}';
    expect(fmt(fr, { count: 0 }, 'fr')).toBe('0 cigare');
    expect(fmt('{count, plural, one {# cigar} other {# cigars}}', { count: 0 })).toBe('0 cigars');
    // Spanish has "many" for millions: a message without that branch falls back to "other".
    expect(fmt('{count, plural, one {# puro} other {# puros}}', { count: 1_000_000 }, 'es')).toBe('1.000.000 puros');
    // A number given as text is read as a number.
    expect(fmt(cigars, { count: '1' })).toBe('1 cigar');
  });

  it('nests placeholders, plurals and selects, # meaning the nearest plural', () => {
    const m = '{name} sent you {count, plural, one {a message} other {# messages{kind, select, dm { (direct)} other {}}}}.';
    expect(fmt(m, { name: 'Bruno', count: 1, kind: 'dm' })).toBe('Bruno sent you a message.');
    expect(fmt(m, { name: 'Bruno', count: 3, kind: 'dm' })).toBe('Bruno sent you 3 messages (direct).');
    expect(fmt(m, { name: 'Bruno', count: 3, kind: 'x' })).toBe('Bruno sent you 3 messages.');
    expect(placeholdersOf(parseMessage(m))).toEqual(['count', 'kind', 'name']);
    expect(fmt('{g, select, f {Bienvenue, chère membre} other {Bienvenue, cher membre}}', { g: 'f' }, 'fr')).toBe('Bienvenue, chère membre');
  });

  it('reads apostrophes as ICU does: literal, doubled, or quoting syntax', () => {
    expect(fmt("l'adresse d'{name}", { name: 'Ana' })).toBe("l'adresse d{name}");
    expect(fmt('l’adresse d’{name}', { name: 'Ana' })).toBe('l’adresse d’Ana');
    expect(fmt("It's {name}''s", { name: 'Ana' })).toBe("It's Ana's");
    expect(fmt("'{literal}' and {x}", { x: 1 })).toBe('{literal} and 1');
    expect(fmt("{n, plural, other {'#' is #}}", { n: 5 })).toBe('# is 5');
    expect(fmt('# outside a plural')).toBe('# outside a plural');
  });

  it('refuses malformed messages with the position and the message', () => {
    for (const bad of [
      '{name', 'name}', '{}', '{1x}', '{n, number}', '{n, plural, one {x}}', '{n, plural, lots {x} other {y}}',
      '{n, plural, other {x}', '{n, plural, one {x} one {y} other {z}}', '{n, select, other x}', '{n, plural other {x}}',
    ]) {
      expect(() => parseMessage(bad), bad).toThrow(MessageSyntaxError);
    }
    expect(() => parseMessage('Hello {name')).toThrow(/"Hello \{name"/);
  });

  it('throws when a value the message names is missing', () => {
    expect(() => fmt('Hello {name}')).toThrow('Message value {name} missing');
    expect(() => fmt('{n, plural, other {#}}', { n: 'many' })).toThrow('not a number');
  });
});

const en = { hello: 'Hello {name},', cigars: '{count, plural, one {# cigar} other {# cigars}}', plain: 'Open Torcedor' };
const good = {
  en,
  es: { hello: 'Hola, {name}:', cigars: '{count, plural, one {# puro} other {# puros}}', plain: 'Abrir Torcedor' },
  fr: { hello: 'Bonjour {name},', cigars: '{count, plural, one {# cigare} other {# cigares}}', plain: 'Ouvrir Torcedor' },
  de: { hello: 'Guten Tag {name},', cigars: '{count, plural, one {# Zigarre} other {# Zigarren}}', plain: 'Torcedor öffnen' },
  it: { hello: 'Ciao {name},', cigars: '{count, plural, one {# sigaro} other {# sigari}}', plain: 'Apri Torcedor' },
};

describe('loadMessages', () => {
  it('formats each language by key', () => {
    const m = loadMessages('test', good);
    expect(m.format('en', 'hello', { name: 'Ana' })).toBe('Hello Ana,');
    expect(m.in('de')('cigars', { count: 2 })).toBe('2 Zigarren');
    expect(m.in('it')('cigars', { count: 1 })).toBe('1 sigaro');
    expect(m.in('es')('plain')).toBe('Abrir Torcedor');
    // A language from a record that does not hold a supported one reads English.
    expect(m.format('xx' as 'en', 'plain')).toBe('Open Torcedor');
  });

  it('finds every missing key, extra key, bad message and placeholder mismatch, and refuses to load them', () => {
    const bad: Record<string, MessageFile> = {
      ...good,
      es: { hello: 'Hola, {nombre}:', cigars: good.es.cigars },
      fr: { ...good.fr, extra: 'En trop' },
      de: { ...good.de, cigars: '{count, plural, one {# Zigarre}}' },
      it: { ...good.it, plain: '  ' },
    };
    const problems = catalogProblems(bad as typeof good);
    expect(problems).toEqual([
      'es: "plain" is missing',
      'es: "hello" has placeholders {nombre} where English has {name}',
      'fr: "extra" is not an English message',
      expect.stringMatching(/^de: "cigars": A plural needs an "other" branch/),
      'it: "plain" is empty or not text',
    ]);
    expect(() => loadMessages('test', bad as typeof good)).toThrow(/The test messages are not valid:\n- es: "plain" is missing/);
    expect(catalogProblems(good)).toEqual([]);
    expect(catalogProblems({ ...good, it: undefined } as unknown as typeof good)).toEqual(['it: no message file']);
  });
});

describe('dates, lengths of time and languages', () => {
  it('writes dates and lengths of time through Intl in the language', () => {
    expect(formatDate('2027-03-05T19:30:00.000Z', 'en')).toBe('March 5, 2027');
    expect(formatDate('2027-03-05T19:30:00.000Z', 'es')).toBe('5 de marzo de 2027');
    expect(formatDate(new Date('2027-03-05T19:30:00.000Z'), 'de', { dateStyle: 'full', timeStyle: 'short' })).toBe('Freitag, 5. März 2027 um 19:30');
    expect(['en', 'es', 'fr', 'de', 'it'].map((l) => formatDuration(3600, l as 'en'))).toEqual(['1 hour', '1 hora', '1\u00a0heure', '1 Stunde', '1 ora']);
    expect(formatDuration(86_400, 'en')).toBe('24 hours');
    expect(formatDuration(900, 'en')).toBe('15 minutes');
    expect(formatDuration(900, 'it')).toBe('15 minuti');
  });

  it('reads a stored language, English for none or one the club does not speak', () => {
    expect(languageOf('de')).toBe('de');
    expect(languageOf(undefined)).toBe('en');
    expect(languageOf('pt')).toBe('en');
  });

  it('marks the email’s HTML with its language', () => {
    const content = { subject: 's', preheader: 'p', heading: 'h', paragraphs: [], footer: { reason: 'r' } };
    expect(renderEmail(content).html).toContain('<html lang="en">');
    expect(renderEmail({ ...content, language: 'fr' }).html).toContain('<html lang="fr">');
  });
});
