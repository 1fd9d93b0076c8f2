import * as z from 'zod';
import de from '../../../content/de/templates.json' with { type: 'json' };
import en from '../../../content/en/templates.json' with { type: 'json' };
import es from '../../../content/es/templates.json' with { type: 'json' };
import fr from '../../../content/fr/templates.json' with { type: 'json' };
import it from '../../../content/it/templates.json' with { type: 'json' };
import { contentIn, fill, parseContent, type ContentLanguage } from '../content.ts';

/**
 * Every sentence the local engine writes, per language (services/ai/content/<language>/templates.json): greetings,
 * refusals' companions, recommendation intros and reasons, pairings, humidor advice, fallbacks. `{name}` placeholders
 * are filled by the engine; a `{ "one": …, "other": … }` pair is chosen by the count's plural category. The English
 * file is the reference: every language's file has its exact shape (checked when it loads).
 */
export type Templates = typeof en;

/** A schema requiring the same shape as an English value: the same keys, strings, lists of the same length. */
function sameShape(value: unknown): z.ZodType {
  if (typeof value === 'string') return z.string().min(1);
  if (Array.isArray(value)) return z.tuple(value.map(sameShape) as [z.ZodType, ...z.ZodType[]]);
  return z.strictObject(Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, sameShape(v)])));
}

/** The schema of a templates.json file: the English file's shape. */
export const TemplatesFile = sameShape(en) as z.ZodType<Templates>;

/** The templates files, one per language that has one (the service README). */
export const TEMPLATES_FILES: Partial<Record<ContentLanguage, unknown>> & { en: unknown } = { en, es, fr, de, it };

/** A `{ one, other }` pair. */
export type Plural = { one: string; other: string };

/** How the engine writes in one language: its templates and its number, money and list formats. */
export interface Words {
  language: ContentLanguage;
  t: Templates;
  /** A template with its placeholders filled. */
  fill: (template: string, vars?: Readonly<Record<string, string | number>>) => string;
  /** The form of a `{ one, other }` pair for `n`, filled with `count` and `vars`. */
  plural: (forms: Plural, n: number, vars?: Readonly<Record<string, string | number>>) => string;
  /** A number as the language writes it (5.5, 5,5). */
  num: (n: number) => string;
  /** A price in dollars ($14.50, 14,50 US$). */
  money: (n: number) => string;
  /** "a, b and c" (or "or"). */
  list: (items: readonly string[], last?: 'and' | 'or') => string;
  /** A catalog country in one of its forms (the catalog's own name when the file does not list it). */
  country: (country: string, form: 'adjective' | 'of' | 'name' | 'from') => string;
}

/** The engine's words in a language (its own templates, else English), checked against the English shape. */
export const wordsIn: (language: ContentLanguage) => Words = contentIn(TEMPLATES_FILES, (data, language) => {
  const t = parseContent(TemplatesFile, data, `${language}/templates.json`);
  const rules = new Intl.PluralRules(language);
  const numbers = new Intl.NumberFormat(language, { maximumFractionDigits: 4, useGrouping: false });
  const dollars = new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' });
  const num = (n: number) => (language === 'en' ? String(n) : numbers.format(n));
  const countries = t.countries as Record<string, Templates['countries']['Cuba'] | undefined>;
  return {
    language,
    t,
    fill: (template, vars = {}) => fill(template, vars),
    plural: (forms, n, vars = {}) => fill(rules.select(n) === 'one' ? forms.one : forms.other, { count: num(n), ...vars }),
    num,
    money: (n) => (language === 'en' ? `$${n.toFixed(2)}` : dollars.format(n)),
    list: (items, last = 'and') => {
      if (items.length <= 1) return items[0] ?? '';
      return `${items.slice(0, -1).join(', ')} ${last === 'and' ? t.and : t.or} ${items[items.length - 1]}`;
    },
    country: (country, form) => countries[country]?.[form] ?? country,
  };
});

/** The English words. */
export const ENGLISH_WORDS: Words = wordsIn('en');
