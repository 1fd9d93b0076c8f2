import * as z from 'zod';
import de from '../../../content/de/lexicon.json' with { type: 'json' };
import en from '../../../content/en/lexicon.json' with { type: 'json' };
import es from '../../../content/es/lexicon.json' with { type: 'json' };
import fr from '../../../content/fr/lexicon.json' with { type: 'json' };
import it from '../../../content/it/lexicon.json' with { type: 'json' };
import { contentIn, parseContent, type ContentLanguage } from '../content.ts';
import { WRAPPER_TAGS, type WrapperTag } from './catalog.ts';
import { DRINK_NAMES, type Drink } from './knowledge.ts';

/**
 * The words the local engine recognises in a member's message, per language (services/ai/content/<language>/
 * lexicon.json): each is a regular expression's source, matched on normalised text (lower case, no accents, words
 * padded by single spaces: catalog.ts#normalize), so ' robustos? ' finds "Robusto" and "robustos" alike. The code
 * (understand.ts) decides what a match means; the file only says which words mean it in that language.
 */

export const VITOLA_FAMILY_IDS = [
  'robusto', 'toro', 'churchill', 'double-corona', 'corona', 'petit', 'lancero', 'lonsdale', 'tapered', 'gordo', 'perfecto', 'culebra',
] as const;
export type VitolaFamily = (typeof VITOLA_FAMILY_IDS)[number];

/** The canonical flavour words a member can ask for. */
export const FLAVOUR_IDS = [
  'cream', 'cedar', 'nut', 'cocoa', 'coffee', 'pepper', 'spice', 'leather', 'earth', 'sweet', 'honey', 'toast', 'wood', 'floral', 'fruit', 'citrus',
] as const;

/** Countries a message can name: where cigars are made, and where leaf is grown. */
export const MESSAGE_COUNTRIES = ['Cuba', 'Dominican Republic', 'Nicaragua', 'Honduras', 'Ecuador', 'Mexico', 'Brazil', 'USA', 'Indonesia'] as const;

/** A regular expression's source: it must compile. */
const Pattern = z.string().min(1).refine((s) => { try { new RegExp(s); return true; } catch { return false; } }, 'not a valid regular expression');
const orderedRecord = <K extends string>(keys: readonly [K, ...K[]]) => z.record(z.enum(keys), Pattern);

const STRENGTH_KEYS = [
  'stronger', 'milder', 'lighter', 'lighterTool', 'notStrong', 'notMild', 'mildMedium', 'mediumFull', 'strongest', 'full', 'notFull',
  'strong', 'medium', 'light', 'lightVerb', 'mild', 'mildest',
] as const;
const OCCASION_KEYS = ['evening', 'morning', 'quick', 'long', 'celebration', 'anniversary', 'notAnniversary', 'beginner'] as const;
const SALES_KEYS = ['buying', 'order', 'ship', 'import', 'sell', 'shop', 'boxPrice', 'where', 'appObject'] as const;
const MESSAGE_KEYS = [
  'question', 'recommend', 'quality', 'cigarNoun', 'goodCigar', 'cigarWords', 'infoCue', 'liked', 'brandInfo', 'favourite', 'similar',
  'preferenceLike', 'referenceEnd', 'smokeNext', 'greeting', 'capabilities', 'thanks', 'followCue', 'another', 'shorter', 'longer', 'puro',
  'ordinalLike', 'combine', 'pairingQuestion', 'minors', 'accessory', 'tobacco', 'cigarAccessory', 'corona', 'notPort',
] as const;
type MessageKey = (typeof MESSAGE_KEYS)[number];

/** The schema of a lexicon.json file. */
export const LexiconFile = z.strictObject({
  /** How a message's apostrophes are read: 'join' ("don't" → "dont") or 'split' ("l'humidor" → "l humidor"). */
  apostrophes: z.enum(['join', 'split']),
  strength: z.strictObject(Object.fromEntries(STRENGTH_KEYS.map((k) => [k, Pattern])) as Record<(typeof STRENGTH_KEYS)[number], typeof Pattern>),
  /** Wrapper families, in the order they are listed in an answer. */
  wrappers: z.partialRecord(z.enum(WRAPPER_TAGS), Pattern),
  countries: z.record(z.enum(MESSAGE_COUNTRIES), Pattern),
  /** Vitola families, in the order they are read (each match is blanked before the next: petit and double coronas before coronas). */
  vitolas: z.partialRecord(z.enum(VITOLA_FAMILY_IDS), Pattern),
  flavours: orderedRecord(FLAVOUR_IDS),
  occasions: z.strictObject(Object.fromEntries(OCCASION_KEYS.map((k) => [k, Pattern])) as Record<(typeof OCCASION_KEYS)[number], typeof Pattern>),
  /** Drinks, in the order they are tried. */
  drinks: z.record(z.enum(DRINK_NAMES), Pattern),
  price: z.strictObject({
    /** Amounts: group 1 is the number. */
    amounts: z.array(Pattern).min(1),
    cue: Pattern,
  }),
  sales: z.strictObject({
    /** A purchase named as the moment before the question ("after buying them"): taken out before `buying` is tried. */
    purchaseMoments: z.array(Pattern),
    ...(Object.fromEntries(SALES_KEYS.map((k) => [k, Pattern])) as Record<(typeof SALES_KEYS)[number], typeof Pattern>),
  }),
  /** Words that make a brand's name something else in this message (the "punch" cut). */
  brandGuards: z.record(z.string().min(1), Pattern),
  /** Everyday words never read as part of a cigar's name. */
  genericWords: z.array(z.string().min(1)),
  /** Words a greeting or a thank-you may carry and still be only that. */
  greetingFiller: z.array(z.string().min(1)),
  thanksFiller: z.array(z.string().min(1)),
  /** "the second one": which of the previous answer's cigars (-1: the last). */
  ordinals: z.array(z.strictObject({ pick: z.number().int().min(-1), pattern: Pattern })).min(1),
  ...(Object.fromEntries(MESSAGE_KEYS.map((k) => [k, Pattern])) as Record<MessageKey, typeof Pattern>),
});

/** A lexicon compiled: every pattern a RegExp, lists in their file's order. */
export interface Lexicon {
  language: ContentLanguage;
  apostrophes: 'join' | 'split';
  strength: Record<(typeof STRENGTH_KEYS)[number], RegExp>;
  wrappers: readonly [RegExp, WrapperTag][];
  countries: readonly [RegExp, string][];
  vitolas: readonly [RegExp, VitolaFamily][];
  flavours: readonly [RegExp, string][];
  occasions: Record<(typeof OCCASION_KEYS)[number], RegExp>;
  drinks: readonly [RegExp, Drink][];
  /** `notPort` with the global flag (to take such words out). */
  notPortAll: RegExp;
  price: { amounts: RegExp[]; cue: RegExp };
  sales: Record<(typeof SALES_KEYS)[number], RegExp> & { purchaseMoments: RegExp[] };
  brandGuards: ReadonlyMap<string, RegExp>;
  genericWords: ReadonlySet<string>;
  greetingFiller: readonly string[];
  thanksFiller: readonly string[];
  ordinals: readonly [RegExp, number][];
  /** `similar` with the global flag (every "like X" in a message). */
  similarAll: RegExp;
  /** `cigarAccessory` with the global flag. */
  cigarAccessoryAll: RegExp;
  message: Record<MessageKey, RegExp>;
}

const re = (source: string, flags = '') => new RegExp(source, flags);
const compile = <K extends string>(o: Partial<Record<K, string>>) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, re(v as string)])) as Record<K, RegExp>;
const pairs = <K extends string>(o: Partial<Record<K, string>>) => Object.entries(o).map(([k, v]) => [re(v as string), k as K] as [RegExp, K]);

/** The lexicon files, one per language that has one (the service README). */
export const LEXICON_FILES: Partial<Record<ContentLanguage, unknown>> & { en: unknown } = { en, es, fr, de, it };

/** The lexicon of a language (its own file, else English), checked and compiled. */
export const lexiconIn: (language: ContentLanguage) => Lexicon = contentIn(LEXICON_FILES, (data, language) => {
  const f = parseContent(LexiconFile, data, `${language}/lexicon.json`);
  const message = Object.fromEntries(MESSAGE_KEYS.map((k) => [k, re(f[k])])) as Record<MessageKey, RegExp>;
  return {
    language,
    apostrophes: f.apostrophes,
    strength: compile(f.strength),
    wrappers: pairs(f.wrappers),
    countries: pairs(f.countries),
    vitolas: pairs(f.vitolas),
    flavours: pairs(f.flavours),
    occasions: compile(f.occasions),
    drinks: pairs(f.drinks),
    notPortAll: re(f.notPort, 'g'),
    price: { amounts: f.price.amounts.map((p) => re(p)), cue: re(f.price.cue) },
    sales: { ...compile(Object.fromEntries(SALES_KEYS.map((k) => [k, f.sales[k]])) as Record<(typeof SALES_KEYS)[number], string>), purchaseMoments: f.sales.purchaseMoments.map((p) => re(p, 'g')) },
    brandGuards: new Map(Object.entries(f.brandGuards).map(([k, v]) => [k, re(v)])),
    genericWords: new Set(f.genericWords),
    greetingFiller: f.greetingFiller,
    thanksFiller: f.thanksFiller,
    ordinals: f.ordinals.map((o) => [re(o.pattern), o.pick] as [RegExp, number]),
    similarAll: re(f.similar, 'g'),
    cigarAccessoryAll: re(f.cigarAccessory, 'g'),
    message,
  };
});

/** The English lexicon. */
export const ENGLISH: Lexicon = lexiconIn('en');
