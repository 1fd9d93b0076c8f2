import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { ConversationBody, RecommendationBody } from '../src/schemas/ai.ts';
import { Attribution } from '../src/schemas/attribution.ts';
import { CatalogBrand, CatalogCigar, CatalogLounge, IdentifyBody, SearchQuery } from '../src/schemas/catalog.ts';
import { EventForm } from '../src/schemas/events.ts';
import { AddConditionReading, AddHumidorItem, AddWishlistItem, ImportRow, UpdateHumidorItem, UpdateWishlistItem } from '../src/schemas/humidor.ts';
import { ProfileUpdate, SignupBody } from '../src/schemas/identity.ts';
import { NewCampaign, UpdateCampaignBody, UpdateDraftBody } from '../src/schemas/marketing.ts';
import { NewComment, NewPost, NewReport, NewReview } from '../src/schemas/social.ts';
import { SupportRequestBody } from '../src/schemas/support.ts';
import { CONTROL_CHARACTERS_MESSAGE, plainText } from '../src/schemas/text.ts';

const MESSAGE = 'Remove control characters from this text';
const refused = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return !r.success && r.error.issues.some((i) => i.message === MESSAGE);
};

describe('plainText (docs/decisions.md, "Free text holds no control characters")', () => {
  const line = plainText();
  const multiline = plainText('multiline');

  it('says what to do', () => {
    expect(CONTROL_CHARACTERS_MESSAGE).toBe(MESSAGE);
  });

  it('refuses CR, LF, CRLF and tab in single-line text', () => {
    for (const s of ['Tasting\rEND:VEVENT', 'Tasting\nEND:VEVENT', 'Tasting\r\nEND:VEVENT', 'a\tb', '\n']) expect(refused(line, s), JSON.stringify(s)).toBe(true);
  });

  it('refuses NUL, other C0 controls, DEL and C1 controls in both kinds', () => {
    const bad = ['a\u0000b', 'a\u0007b', 'a\u001bb', 'a\u001fb', 'a\u007fb', 'a\u0080b', 'a\u0085b', 'a\u009bb', 'a\u009fb', 'a\rb', 'a\u000bb', 'a\u000cb'];
    for (const s of bad) {
      expect(refused(line, s), JSON.stringify(s)).toBe(true);
      expect(refused(multiline, s), JSON.stringify(s)).toBe(true);
    }
  });

  it('allows accents, emoji and other scripts, and the characters either side of the C1 range', () => {
    for (const s of ['Añejo crème brûlée', 'Sofía 🚬🥃', 'Größe', '日本語', 'شكرا', 'a\u00a0b', '~', 'a\u2028b']) {
      expect(line.parse(s)).toBe(s);
      expect(multiline.parse(s)).toBe(s);
    }
  });

  it('allows line feeds and tabs in multi-line text, a CRLF read as a line feed', () => {
    expect(multiline.parse('Draw: easy\n\tBurn: even')).toBe('Draw: easy\n\tBurn: even');
    expect(multiline.parse('one\r\ntwo\r\n\r\nthree')).toBe('one\ntwo\n\nthree');
    expect(refused(multiline, 'one\r\rtwo')).toBe(true);
  });

  it('chains the field rules after it', () => {
    const title = plainText().trim().min(1, 'Title is required').max(5);
    expect(title.parse('  abc  ')).toBe('abc');
    expect(title.safeParse('abcdef').success).toBe(false);
    expect(refused(title, 'a\rb')).toBe(true);
  });
});

type Body = Record<string, unknown>;
const future = new Date(Date.now() + 7 * 86_400_000).toISOString();
/**
 * Every free-text field a member (or the catalog's curator, or a visitor's link) types, by body schema: a valid
 * body, its single-line fields and its multi-line fields (paths).
 */
const FIELDS: [string, z.ZodType, Body, (string | number)[][], (string | number)[][]][] = [
  ['EventForm', EventForm, { title: 'T', description: 'D', eventType: 'tasting', venueName: 'V', address: 'A', startAt: future, endAt: null, capacity: null },
    [['title'], ['venueName'], ['address']], [['description']]],
  ['NewPost', NewPost, { content: 'C' }, [], [['content']]],
  ['NewComment', NewComment, { content: 'C' }, [], [['content']]],
  ['NewReview', NewReview, { cigarId: 'c', drawScore: 50, burnScore: 50, flavorScore: 50, overallScore: 50, flavorTags: ['Cedar'], notes: 'N' },
    [['flavorTags', 0]], [['notes']]],
  ['NewReport', NewReport, { targetType: 'post', targetId: 'p1', reason: 'R' }, [], [['reason']]],
  ['ProfileUpdate', ProfileUpdate, { displayName: 'D', bio: 'B', location: 'L' }, [['displayName'], ['location']], [['bio']]],
  ['SignupBody', SignupBody, { email: 'a@example.com', password: 'Secret-pass-1', firstName: 'F', lastName: 'L', dateOfBirth: '1980-01-01', country: 'US' },
    [['firstName'], ['lastName']], []],
  ['SupportRequestBody', SupportRequestBody, { category: 'other', subject: 'S', message: 'M' }, [['subject']], [['message']]],
  ['NewCampaign', NewCampaign, { name: 'N', description: 'D' }, [['name']], [['description']]],
  ['UpdateCampaignBody', UpdateCampaignBody, { name: 'N', description: 'D' }, [['name']], [['description']]],
  ['UpdateDraftBody', UpdateDraftBody, { title: 'T', body: 'B' }, [['title']], [['body']]],
  ['AddHumidorItem', AddHumidorItem, { cigarId: 'c', quantity: 1, location: 'L', notes: 'N' }, [['location']], [['notes']]],
  ['UpdateHumidorItem', UpdateHumidorItem, { quantity: 1, location: 'L', status: 'owned', notes: 'N', pricePaid: null }, [['location']], [['notes']]],
  ['AddWishlistItem', AddWishlistItem, { cigarId: 'c', priority: 1, notes: 'N' }, [], [['notes']]],
  ['UpdateWishlistItem', UpdateWishlistItem, { priority: 1, notes: 'N' }, [], [['notes']]],
  ['AddConditionReading', AddConditionReading, { humidity: 65, temperatureC: 20, note: 'N' }, [], [['note']]],
  ['ImportRow', ImportRow, { cigarId: 'c', quantity: 1, pricePaid: null, location: 'L', boxDate: null }, [['location']], []],
  ['ConversationBody', ConversationBody, { sessionId: 'session-abcdef', message: 'M' }, [], [['message']]],
  ['RecommendationBody', RecommendationBody, { sessionId: 'session-abcdef', message: 'M' }, [], [['message']]],
  ['SearchQuery', SearchQuery, { q: 'Q' }, [['q']], []],
  ['IdentifyBody', IdentifyBody, { text: 'T', hints: { brand: 'B' } }, [['hints', 'brand']], [['text']]],
  ['CatalogBrand', CatalogBrand, { id: 'b', name: 'N', country: 'C', description: 'D' }, [['name'], ['country']], [['description']]],
  ['CatalogCigar', CatalogCigar, {
    id: 'c', brandId: 'b', name: 'N', vitola: 'V', length: 5, ringGauge: 50, strength: 'medium', wrapper: 'W', binder: 'B', filler: 'F', country: 'C', description: 'D',
  }, [['name'], ['vitola'], ['wrapper'], ['binder'], ['filler'], ['country']], [['description']]],
  ['CatalogLounge', CatalogLounge, { id: 'l', name: 'N', city: 'C', country: 'C', address: 'A', hours: 'H' },
    [['name'], ['city'], ['country'], ['address'], ['hours']], []],
  ['Attribution', Attribution, { utmSource: 'S', utmMedium: 'M', utmCampaign: 'C' }, [['utmSource'], ['utmMedium'], ['utmCampaign']], []],
];

/** The body with the value at the path replaced. */
function withValue(body: Body, path: (string | number)[], value: string): Body {
  const copy = structuredClone(body);
  let at = copy as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) at = at[k] as Record<string | number, unknown>;
  at[path.at(-1)!] = value;
  return copy;
}
const valueAt = (body: unknown, path: (string | number)[]) => path.reduce((at, k) => (at as Record<string | number, unknown>)[k], body);
const refusedAt = (schema: z.ZodType, body: Body, path: (string | number)[]) => {
  const r = schema.safeParse(body);
  return !r.success && r.error.issues.some((i) => i.message === MESSAGE && JSON.stringify(i.path) === JSON.stringify(path));
};

describe('the body schemas refuse control characters in every free-text field', () => {
  it.each(FIELDS)('%s', (_, schema, body, single, multi) => {
    expect(schema.safeParse(body).success).toBe(true);
    for (const path of [...single, ...multi]) {
      for (const bad of ['Tasting\rEND:VEVENT', 'x\u0000y', 'x\u007fy', 'x\u0085y']) expect(refusedAt(schema, withValue(body, path, bad), path), `${path.join('.')} ${JSON.stringify(bad)}`).toBe(true);
      const fine = withValue(body, path, 'Añejo 🚬');
      expect(valueAt(schema.parse(fine), path), path.join('.')).toBe('Añejo 🚬');
    }
    for (const path of single) expect(refusedAt(schema, withValue(body, path, 'one\ntwo'), path), path.join('.')).toBe(true);
    for (const path of multi) expect(valueAt(schema.parse(withValue(body, path, 'one\r\ntwo\n\tthree')), path), path.join('.')).toBe('one\ntwo\n\tthree');
  });
});
