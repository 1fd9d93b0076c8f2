import * as z from 'zod';
import {
  COUNTRIES, FREE_AI_DAILY_LIMIT, FREE_HOSTED_EVENTS_LIMIT, FREE_HUMIDOR_CAP, PREMIUM_PRICE_USD_CENTS, TRIAL_DAYS,
} from '@torcedor/shared/constants';

/**
 * VitolAI's words live in data files, one folder per language (services/ai/content/<language>/: `knowledge.json`
 * for the local engine, `learn.json` for the Learn library; the service README says how a language is added). The
 * files are imported statically, so the bundler inlines them, and each is checked against its zod schema when it is
 * loaded: a malformed file fails at start, never in an answer.
 */

/** The languages the content files exist in. */
export const CONTENT_LANGUAGES = ['en'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const usAge = COUNTRIES.find((c) => c.code === 'US')?.minimumAge ?? 21;
const otherAges = [...new Set(COUNTRIES.filter((c) => c.code !== 'US').map((c) => c.minimumAge))];

/**
 * The product's numbers a text names by placeholder (`{premiumPrice}`, ...), filled in from shared/constants when the
 * file is loaded, so a price or a limit is written once.
 */
export const PRODUCT_FACTS: Readonly<Record<string, string>> = {
  premiumPrice: usd(PREMIUM_PRICE_USD_CENTS),
  ageRule: `${usAge} in the United States and ${otherAges.join(' or ')} in the other countries Torcedor serves`,
  freeHumidorCap: String(FREE_HUMIDOR_CAP),
  freeHostedEventsLimit: String(FREE_HOSTED_EVENTS_LIMIT),
  freeAiDailyLimit: String(FREE_AI_DAILY_LIMIT),
  trialDays: String(TRIAL_DAYS),
};

/** A text with its `{fact}` placeholders filled in; a placeholder naming no fact is an error in the file. */
export function fillFacts(text: string): string {
  return text.replace(/\{([A-Za-z]+)\}/g, (_, name: string) => {
    const fact = PRODUCT_FACTS[name];
    if (fact === undefined) throw new Error(`content: no product fact named {${name}}`);
    return fact;
  });
}

/** One line of text, facts filled in. */
export const Line = z.string().min(1).transform(fillFacts);

/** Plain text as a file writes it: its paragraphs in order, joined by a blank line, facts filled in. */
export const Paragraphs = z.array(z.string().min(1)).min(1).transform((p) => fillFacts(p.join('\n\n')));

/** Checks a loaded content file against its schema; the error names the file. */
export function parseContent<S extends z.ZodType>(schema: S, data: unknown, file: string): z.output<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new Error(`content/${file} is not valid: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
