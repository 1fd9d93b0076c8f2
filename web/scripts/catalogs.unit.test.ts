import { fileURLToPath } from 'node:url';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { parse, type Token } from '@messageformat/parser';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The web's catalog gates (docs/i18n.md, "Gates"): every message the code uses is in every language's catalog and no
 * catalog keeps one the code no longer uses; es, fr, de and it translate every message; every translation is valid ICU
 * with the same placeholders and the same <0>…</0> tags as its English.
 */
const TRANSLATED = ['es', 'fr', 'de', 'it'] as const;
const config = getConfig({ configPath: fileURLToPath(new URL('../lingui.config.ts', import.meta.url)) });

interface Area {
  name: string;
  /** id → English text, as extracted from the code now. */
  code: Map<string, string>;
  /** language → id → translation ('' when missing). */
  files: Record<string, Map<string, string>>;
}
let areas: Area[] = [];

beforeAll(async () => {
  const catalogs = await getCatalogs(config);
  areas = await Promise.all(catalogs.map(async (catalog) => {
    const extracted = await catalog.collect();
    const read = await catalog.readAll();
    const files: Record<string, Map<string, string>> = {};
    for (const [locale, messages] of Object.entries(read)) {
      files[locale] = new Map(Object.entries(messages ?? {}).filter(([, m]) => !m.obsolete).map(([id, m]) => [id, m.translation ?? '']));
    }
    return {
      name: catalog.path.split('/').pop()!,
      code: new Map(Object.entries(extracted ?? {}).map(([id, m]) => [id, m.message ?? id])),
      files,
    };
  }));
}, 120_000);

/** The names of a message's arguments (placeholders, plural and select values), in any nesting. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const t of tokens) {
      if (t.type === 'argument' || t.type === 'function') names.add(t.arg);
      if (t.type === 'plural' || t.type === 'select') {
        names.add(t.arg);
        for (const c of t.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message, { strict: false }));
  return [...names].sort();
}
const tagsOf = (message: string) => [...message.matchAll(/<\/?(\d+)\/?>/g)].map((m) => m[0]).sort();

describe('web catalogs', () => {
  it('hold exactly the messages the code uses, in every language (run `npm run i18n:extract -w web`)', () => {
    const problems: string[] = [];
    for (const area of areas) {
      for (const [locale, file] of Object.entries(area.files)) {
        for (const [id, text] of area.code) if (!file.has(id)) problems.push(`${locale}/${area.name}: missing "${text}"`);
        for (const id of file.keys()) if (!area.code.has(id)) problems.push(`${locale}/${area.name}: unused message ${id}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('translate every message into es, fr, de and it', () => {
    const missing = areas.flatMap((area) =>
      TRANSLATED.flatMap((locale) => [...area.code].filter(([id]) => !area.files[locale]?.get(id)?.trim()).map(([, text]) => `${locale}/${area.name}: "${text}"`)));
    expect(missing).toEqual([]);
  });

  it('give a message found in several areas one translation per language (the catalogs are merged when loaded)', () => {
    const problems: string[] = [];
    for (const locale of TRANSLATED) {
      const seen = new Map<string, { area: string; text: string }>();
      for (const area of areas) {
        for (const [id, english] of area.code) {
          const text = area.files[locale]?.get(id);
          if (!text) continue;
          const first = seen.get(id);
          if (!first) seen.set(id, { area: area.name, text });
          else if (first.text !== text) problems.push(`${locale}: "${english}" is "${first.text}" in ${first.area} but "${text}" in ${area.name}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('are valid ICU, with the placeholders and tags of the English', () => {
    const problems: string[] = [];
    for (const area of areas) {
      for (const [id, english] of area.code) {
        const want = { args: argumentsOf(english), tags: tagsOf(english) };
        for (const locale of TRANSLATED) {
          const text = area.files[locale]?.get(id);
          if (!text) continue;
          try {
            const got = { args: argumentsOf(text), tags: tagsOf(text) };
            if (JSON.stringify(got) !== JSON.stringify(want)) {
              problems.push(`${locale}/${area.name}: "${english}" → "${text}": ${JSON.stringify(got)} ≠ ${JSON.stringify(want)}`);
            }
          } catch (e) {
            problems.push(`${locale}/${area.name}: "${text}" is not valid ICU (${(e as Error).message})`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
