import * as z from 'zod';
import {
  COUNTRIES, FREE_AI_DAILY_LIMIT, FREE_HOSTED_EVENTS_LIMIT, FREE_HUMIDOR_CAP, PREMIUM_PRICE_USD_CENTS, TRIAL_DAYS, type LanguageCode,
} from '@torcedor/shared/constants';
import de from '../../content/de/phrases.json' with { type: 'json' };
import en from '../../content/en/phrases.json' with { type: 'json' };
import es from '../../content/es/phrases.json' with { type: 'json' };
import fr from '../../content/fr/phrases.json' with { type: 'json' };
import it from '../../content/it/phrases.json' with { type: 'json' };

/**
 * VitolAI's words live in data files, one folder per language (services/ai/content/<language>/: `knowledge.json`
 * for the local engine's knowledge base, `templates.json` for every sentence it writes, `lexicon.json` for the words
 * it recognises in a question, `learn.json` for the Learn library, `phrases.json` for the product facts' wording; the
 * service README says how a language is added). The files are imported statically, so the bundler inlines them, and
 * each is checked against its schema when it is first used: a malformed file fails at once, never in an answer.
 */

/**
 * The languages VitolAI's content is written in (a folder under content/). A file a language does not have yet is
 * read in English (`contentIn`); the content test checks every file each of these languages has against English.
 */
export const CONTENT_LANGUAGES = ['en', 'es', 'fr', 'de', 'it'] as const satisfies readonly LanguageCode[];
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/** A content language from anything a request carries (an unknown one reads English). */
export const contentLanguage = (language: string | undefined): ContentLanguage =>
  ((CONTENT_LANGUAGES as readonly string[]).includes(language ?? '') ? language : 'en') as ContentLanguage;

/** `{name}` placeholders of a text filled from `vars`; a placeholder with no value is left as it is. */
export const fill = (text: string, vars: Readonly<Record<string, string | number>>): string =>
  text.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) => (vars[name] === undefined ? whole : String(vars[name])));

const PhrasesFile = z.strictObject({
  ageRule: z.string().min(1), or: z.string().min(1), readingTime: z.string().min(1),
  /** What VitolAI answers while its copy of the catalog is behind (English: CATALOG_LOADING_MESSAGE). */
  catalogLoading: z.string().min(1),
});
const PHRASES: Record<ContentLanguage, unknown> = { en, es, fr, de, it };

const usAge = COUNTRIES.find((c) => c.code === 'US')?.minimumAge ?? 21;
const otherAges = [...new Set(COUNTRIES.filter((c) => c.code !== 'US').map((c) => c.minimumAge))];

/** The phrases of `phrases.json` in a language, checked. */
export const phrasesIn = memoByLanguage((language) => parseContent(PhrasesFile, PHRASES[language], `${language}/phrases.json`));

/**
 * The product's numbers a text names by placeholder (`{premiumPrice}`, ...), filled in from shared/constants when the
 * file is loaded, so a price or a limit is written once. The age rule is worded in the file's language.
 */
export const productFacts = memoByLanguage((language): Readonly<Record<string, string>> => {
  const phrases = phrasesIn(language);
  const price = PREMIUM_PRICE_USD_CENTS / 100;
  return {
    premiumPrice: language === 'en' ? `$${price.toFixed(2)}` : new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(price),
    ageRule: fill(phrases.ageRule, { usAge, otherAges: otherAges.join(` ${phrases.or} `) }),
    freeHumidorCap: String(FREE_HUMIDOR_CAP),
    freeHostedEventsLimit: String(FREE_HOSTED_EVENTS_LIMIT),
    freeAiDailyLimit: String(FREE_AI_DAILY_LIMIT),
    trialDays: String(TRIAL_DAYS),
  };
});

/** The English facts. */
export const PRODUCT_FACTS: Readonly<Record<string, string>> = productFacts('en');

/** A text with its `{fact}` placeholders filled in; a placeholder naming no fact is an error in the file. */
export function fillFacts(text: string, language: ContentLanguage = 'en'): string {
  const facts = productFacts(language);
  return text.replace(/\{([A-Za-z]+)\}/g, (_, name: string) => {
    const fact = facts[name];
    if (fact === undefined) throw new Error(`content: no product fact named {${name}}`);
    return fact;
  });
}

/** A content file's text schemas in a language: one line, or paragraphs joined by a blank line, facts filled in. */
export const textsIn = memoByLanguage((language) => ({
  Line: z.string().min(1).transform((t) => fillFacts(t, language)),
  Paragraphs: z.array(z.string().min(1)).min(1).transform((p) => fillFacts(p.join('\n\n'), language)),
}));

/** One line of text, facts filled in (English). */
export const Line = textsIn('en').Line;

/** Plain text as a file writes it: its paragraphs in order, joined by a blank line, facts filled in (English). */
export const Paragraphs = textsIn('en').Paragraphs;

/** Checks a loaded content file against its schema; the error names the file. */
export function parseContent<S extends z.ZodType>(schema: S, data: unknown, file: string): z.output<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new Error(`content/${file} is not valid: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** A function of the language, computed once per language. */
export function memoByLanguage<T>(make: (language: ContentLanguage) => T): (language: ContentLanguage) => T {
  const done = new Map<ContentLanguage, T>();
  return (language) => {
    if (!done.has(language)) done.set(language, make(language));
    return done.get(language)!;
  };
}

/**
 * One kind of content file in every language that has it (`files`: the static imports), read in a language: that
 * language's own file when it exists, else the English one (README, "Content files"). Parsed once per language.
 */
export function contentIn<T>(files: Partial<Record<ContentLanguage, unknown>> & { en: unknown }, parse: (data: unknown, language: ContentLanguage) => T) {
  const read = memoByLanguage((language) => parse(files[language], language));
  return (language: ContentLanguage): T => read(files[language] === undefined ? 'en' : language);
}
