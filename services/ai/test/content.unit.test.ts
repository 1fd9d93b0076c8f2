import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@torcedor/shared/constants';
import { CONTENT_LANGUAGES, fillFacts, type ContentLanguage } from '../src/domain/content.ts';
import { KNOWLEDGE_FILES, knowledgeIn } from '../src/domain/engine/knowledge.ts';
import { LEXICON_FILES, lexiconIn } from '../src/domain/engine/lexicon.ts';
import { TEMPLATES_FILES, wordsIn } from '../src/domain/engine/templates.ts';
import { LEARN_FILES, learnContentIn } from '../src/domain/learn-library.ts';

/**
 * VitolAI's content in every language (README, "Content files"): each file a language has must have the English
 * file's ids, shape and placeholders, and be read by the service (registered in its loader). A file a language does
 * not have yet is read in English. The languages checked are CONTENT_LANGUAGES, so a translation added later (de and
 * it knowledge, every learn.json) is checked the moment its file exists.
 */

const dir = (language: string) => new URL(`../content/${language}/`, import.meta.url);
const file = (language: string, name: string) => new URL(name, dir(language));
const has = (language: string, name: string) => existsSync(file(language, name));
const json = (language: string, name: string) => JSON.parse(readFileSync(file(language, name), 'utf8')) as Record<string, unknown>;

/** `{name}` placeholders of a text, sorted and unique. */
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{([A-Za-z]+)\}/g)].map((m) => m[1]!))].sort();

/** Every string leaf of a JSON value with its path. */
function leaves(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
  return [];
}

/** The loaders' static imports, per file: a file on disk that no loader imports would never be read. */
const REGISTERED: Record<string, Partial<Record<ContentLanguage, unknown>>> = {
  'knowledge.json': KNOWLEDGE_FILES, 'learn.json': LEARN_FILES, 'templates.json': TEMPLATES_FILES, 'lexicon.json': LEXICON_FILES,
};

const others = CONTENT_LANGUAGES.filter((l) => l !== 'en');

describe('content languages', () => {
  it('are the club\'s languages, and every folder under content/ is one of them', () => {
    expect([...CONTENT_LANGUAGES].sort()).toEqual([...LANGUAGES].sort());
    const folders = readdirSync(new URL('../content/', import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    expect(folders.sort()).toEqual([...CONTENT_LANGUAGES].sort());
  });

  it('each language has at least its templates, lexicon and phrases (the engine\'s own words)', () => {
    for (const language of CONTENT_LANGUAGES) {
      for (const name of ['templates.json', 'lexicon.json', 'phrases.json']) expect(has(language, name), `${language}/${name}`).toBe(true);
    }
  });

  it.each(CONTENT_LANGUAGES.flatMap((l) => Object.keys(REGISTERED).map((name) => [l, name] as const)))('%s/%s, when it exists, is read by its loader', (language, name) => {
    expect(REGISTERED[name]![language] !== undefined, `${language}/${name}: add its import to the loader's FILES map`).toBe(has(language, name));
  });

  it('reads English for a file a language does not have yet', () => {
    for (const language of CONTENT_LANGUAGES) {
      if (!has(language, 'knowledge.json')) expect(knowledgeIn(language)).toBe(knowledgeIn('en'));
      else expect(knowledgeIn(language).entries.length).toBe(knowledgeIn('en').entries.length);
      if (!has(language, 'learn.json')) expect(learnContentIn(language).videos).toBe(learnContentIn('en').videos);
    }
  });
});

describe.each(others)('%s content against English', (language) => {
  it('knowledge.json: the same entries (ids, categories, weights, examples, paragraphs, {fact} placeholders), drinks and refusals', () => {
    if (!has(language, 'knowledge.json')) return;
    const en = json('en', 'knowledge.json') as { entries: Record<string, unknown>[] } & Record<string, unknown>;
    const tr = json(language, 'knowledge.json') as typeof en;
    expect(Object.keys(tr)).toEqual(Object.keys(en));
    expect(tr.entries.map((e) => e.id)).toEqual(en.entries.map((e) => e.id));
    en.entries.forEach((e, i) => {
      const t = tr.entries[i]!;
      expect(Object.keys(t).sort(), String(e.id)).toEqual(Object.keys(e).sort());
      for (const key of ['id', 'category', 'weight', 'example']) expect(t[key], `${String(e.id)}.${key}`).toEqual(e[key]);
      expect((t.text as string[]).length, `${String(e.id)} paragraphs`).toBe((e.text as string[]).length);
      expect(placeholders((t.text as string[]).join(' ')), String(e.id)).toEqual(placeholders((e.text as string[]).join(' ')));
      // Keywords are matched on normalised words: an apostrophe would never match ("l'humidor" is read "l humidor").
      for (const k of [...(t.keywords as string[]), ...((t.related as string[] | undefined) ?? [])]) expect(k, String(e.id)).not.toMatch(/['’]/);
      expect((t.keywords as string[]).length, String(e.id)).toBeGreaterThan(0);
    });
    expect(Object.keys(tr.pairingByStrength as object)).toEqual(Object.keys(en.pairingByStrength as object));
    const drinks = (f: typeof en) => Object.entries(f.drinks as Record<string, { strengths: string[] }>).map(([k, d]) => [k, d.strengths]);
    expect(drinks(tr)).toEqual(drinks(en));
    for (const key of ['salesRefusal', 'minorsRefusal', 'noShopsNote']) {
      expect(placeholders(JSON.stringify(tr[key])), key).toEqual(placeholders(JSON.stringify(en[key])));
      expect(Array.isArray(tr[key]) ? (tr[key] as unknown[]).length : 1, key).toBe(Array.isArray(en[key]) ? (en[key] as unknown[]).length : 1);
    }
    // It parses, with its facts filled in the language.
    expect(knowledgeIn(language).entries.map((e) => e.id)).toEqual(knowledgeIn('en').entries.map((e) => e.id));
  });

  it('learn.json: the same videos and masterclasses (ids, categories, levels), paragraphs and placeholders', () => {
    if (!has(language, 'learn.json')) return;
    type Learn = { masterclassChannel: string; videos: Record<string, string>[]; masterclasses: (Record<string, string> & { body: string[] })[] };
    const en = json('en', 'learn.json') as unknown as Learn;
    const tr = json(language, 'learn.json') as unknown as Learn;
    const shape = (f: Learn) => ({
      videos: f.videos.map((v) => [v.id, v.category, v.level]),
      masterclasses: f.masterclasses.map((m) => [m.id, m.category, m.level, m.body.length]),
    });
    expect(shape(tr)).toEqual(shape(en));
    const enLeaves = new Map(leaves(en));
    for (const [path, text] of leaves(tr)) expect(placeholders(text), path).toEqual(placeholders(enLeaves.get(path) ?? ''));
    expect(learnContentIn(language).masterclasses.map((m) => m.id)).toEqual(learnContentIn('en').masterclasses.map((m) => m.id));
  });

  it('templates.json: the English shape, every text with the English placeholders', () => {
    const en = new Map(leaves(json('en', 'templates.json')));
    const tr = leaves(json(language, 'templates.json'));
    expect(tr.map(([p]) => p)).toEqual([...en.keys()]);
    // English-only forms of a value: the vitola lowered ("a robusto"; German writes {vitola} as it is) and the wrapper
    // with its article ("an Ecuadorian"; other languages write {wrapper}).
    const ALTERNATIVES: Record<string, string> = { vitola: 'vitolaLower', wrapper: 'wrapperWithArticle' };
    const same = (ps: string[]) => ps.map((p) => ALTERNATIVES[p] ?? p).sort();
    for (const [path, text] of tr) {
      expect(text.trim(), path).not.toBe('');
      expect(same(placeholders(text)), path).toEqual(same(placeholders(en.get(path)!)));
    }
    // A suggestion is written "Brand Name (" in every language: that is how the next turn finds the cigars it named.
    expect(wordsIn(language).t.bullet).toMatch(/^- \{cigar\} \(/);
  });

  it('lexicon.json: the same keys and lists, every pattern a regular expression', () => {
    const en = json('en', 'lexicon.json');
    const tr = json(language, 'lexicon.json');
    expect(Object.keys(tr)).toEqual(Object.keys(en));
    for (const key of ['strength', 'wrappers', 'countries', 'vitolas', 'flavours', 'occasions', 'drinks', 'price', 'sales']) {
      expect(Object.keys(tr[key] as object), key).toEqual(Object.keys(en[key] as object));
    }
    expect((tr.ordinals as { pick: number }[]).map((o) => o.pick)).toEqual((en.ordinals as { pick: number }[]).map((o) => o.pick));
    expect(lexiconIn(language).language).toBe(language);
  });

  it('phrases.json: the English keys and placeholders, and the product facts worded in the language', () => {
    const en = json('en', 'phrases.json');
    const tr = json(language, 'phrases.json');
    expect(Object.keys(tr)).toEqual(Object.keys(en));
    for (const key of Object.keys(en)) expect(placeholders(String(tr[key])), key).toEqual(placeholders(String(en[key])));
    expect(fillFacts('{ageRule}', language)).not.toBe(fillFacts('{ageRule}', 'en'));
    expect(fillFacts('{ageRule}', language)).toMatch(/21/);
  });
});
