import * as z from 'zod';
import { Strength } from '@torcedor/shared/schemas/humidor';
import de from '../../../content/de/knowledge.json' with { type: 'json' };
import en from '../../../content/en/knowledge.json' with { type: 'json' };
import es from '../../../content/es/knowledge.json' with { type: 'json' };
import fr from '../../../content/fr/knowledge.json' with { type: 'json' };
import it from '../../../content/it/knowledge.json' with { type: 'json' };
import { contentIn, parseContent, textsIn, type ContentLanguage } from '../content.ts';
import { escapeRe, normalize, WRAPPER_TAGS, type WrapperTag } from './catalog.ts';
import type { StrengthLevel } from './types.ts';

/**
 * VitolAI's knowledge base: what the local engine says about cigars and about Torcedor itself. The words are data
 * (services/ai/content/<language>/knowledge.json, see the service README): plain text, short paragraphs ('- ' lines
 * are bullets), found by keywords; numbers about the product are `{fact}` placeholders filled from shared/constants.
 * This module checks the file against its schema when it loads and gives the engine its typed parts.
 */

export const KNOWLEDGE_CATEGORIES = [
  'vitola', 'wrapper', 'leaf', 'strength', 'country', 'storage', 'technique', 'etiquette', 'pairing', 'aging', 'platform', 'health',
] as const;
export type KnowledgeCategory = (typeof KNOWLEDGE_CATEGORIES)[number];

/** What kind of catalog cigar illustrates an entry. */
export interface ExampleSpec {
  wrapper?: WrapperTag;
  vitolas?: string[];
  country?: string;
  strengths?: StrengthLevel[];
  minRing?: number;
  maxRing?: number;
}

export interface KnowledgeEntry {
  id: string;
  category: KnowledgeCategory;
  title: string;
  /** Phrases (normalised words) that make this entry the answer; 'a+b' needs both. */
  keywords: string[];
  /** Weaker hints. */
  related?: string[];
  /** How much one keyword counts (default 3; topics the catalog can also filter on count 2). */
  weight?: number;
  text: string;
  example?: ExampleSpec;
}

export const DRINK_NAMES = ['coffee', 'tea', 'rum', 'whisky', 'port', 'cognac', 'beer', 'wine', 'champagne'] as const;
export type Drink = (typeof DRINK_NAMES)[number];

const Example = z.strictObject({
  wrapper: z.enum(WRAPPER_TAGS).optional(),
  vitolas: z.array(z.string().min(1)).optional(),
  country: z.string().min(1).optional(),
  strengths: z.array(Strength).optional(),
  minRing: z.number().optional(),
  maxRing: z.number().optional(),
});

/** The schema of a knowledge.json file in a language (its `{fact}` placeholders filled in that language). */
export function knowledgeFile(language: ContentLanguage) {
  const { Line, Paragraphs } = textsIn(language);
  const Entry = z.strictObject({
    id: z.string().min(1),
    category: z.enum(KNOWLEDGE_CATEGORIES),
    title: z.string().min(1),
    weight: z.number().positive().optional(),
    keywords: z.array(z.string().min(1)).min(1),
    related: z.array(z.string().min(1)).optional(),
    text: Paragraphs,
    example: Example.optional(),
  });
  return z.strictObject({
    entries: z.array(Entry).min(1),
    /** What to drink with each strength (a short phrase for a sentence). */
    pairingByStrength: z.record(Strength, Line),
    /** A drink's pairing advice and the strengths that suit it. */
    drinks: z.record(z.enum(DRINK_NAMES), z.strictObject({ label: Line, strengths: z.array(Strength).min(1), advice: Line })),
    /** The answer to any question about buying, prices to order, shipping or selling tobacco. Names no shop. */
    salesRefusal: Paragraphs,
    /** The answer to anything about cigars for someone under the legal age. */
    minorsRefusal: Paragraphs,
    /** For accessories: general advice, still no shops. */
    noShopsNote: Line,
  });
}

/** The schema of the English knowledge.json file. */
export const KnowledgeFile = knowledgeFile('en');

/**
 * The knowledge files, one per language that has one: a new language adds its import here (the service README);
 * until then it reads the English file.
 */
export const KNOWLEDGE_FILES: Partial<Record<ContentLanguage, unknown>> & { en: unknown } = { en, es, fr, de, it };

/** An entry's keywords as patterns on normalised text (plural tolerant); 'a+b' needs both. */
export interface CompiledEntry { entry: KnowledgeEntry; keys: { parts: RegExp[]; w: number }[]; related: RegExp[] }

const phraseRe = (p: string) => new RegExp(`(^|\\s)${escapeRe(normalize(p).trim())}(s|es)?(?=\\s|$)`);

/** The knowledge base of one language, typed and ready to search. */
export interface Knowledge {
  entries: readonly KnowledgeEntry[];
  byId: ReadonlyMap<string, KnowledgeEntry>;
  compiled: readonly CompiledEntry[];
  pairingByStrength: Readonly<Record<StrengthLevel, string>>;
  drinks: Readonly<Record<Drink, { label: string; strengths: StrengthLevel[]; advice: string }>>;
  salesRefusal: string;
  minorsRefusal: string;
  noShopsNote: string;
}

/** The knowledge base in a language (its own file, else English), checked against its schema. */
export const knowledgeIn: (language: ContentLanguage) => Knowledge = contentIn(KNOWLEDGE_FILES, (data, language) => {
  const content = parseContent(knowledgeFile(language), data, `${language}/knowledge.json`);
  const entries: readonly KnowledgeEntry[] = content.entries;
  return {
    entries,
    byId: new Map(entries.map((e) => [e.id, e])),
    compiled: entries.map((entry) => {
      const w = entry.weight ?? 3;
      return {
        entry,
        keys: entry.keywords.map((k) => {
          const parts = k.split('+').map(phraseRe);
          return { parts, w: parts.length > 1 ? w + 2 * (parts.length - 1) : w };
        }),
        related: (entry.related ?? []).map(phraseRe),
      };
    }),
    pairingByStrength: content.pairingByStrength,
    drinks: content.drinks,
    salesRefusal: content.salesRefusal,
    minorsRefusal: content.minorsRefusal,
    noShopsNote: content.noShopsNote,
  };
});

const content = knowledgeIn('en');

export const KNOWLEDGE: readonly KnowledgeEntry[] = content.entries;
export const KNOWLEDGE_BY_ID: ReadonlyMap<string, KnowledgeEntry> = content.byId;
export const PAIRING_BY_STRENGTH: Readonly<Record<StrengthLevel, string>> = content.pairingByStrength;
export const DRINKS: Readonly<Record<Drink, { label: string; strengths: StrengthLevel[]; advice: string }>> = content.drinks;
export const SALES_REFUSAL: string = content.salesRefusal;
export const MINORS_REFUSAL: string = content.minorsRefusal;
export const NO_SHOPS_NOTE: string = content.noShopsNote;
