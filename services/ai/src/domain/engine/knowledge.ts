import * as z from 'zod';
import { Strength } from '@torcedor/shared/schemas/humidor';
import en from '../../../content/en/knowledge.json' with { type: 'json' };
import { Line, Paragraphs, parseContent, type ContentLanguage } from '../content.ts';
import { WRAPPER_TAGS, type WrapperTag } from './catalog.ts';
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

/** The schema of a knowledge.json file. */
export const KnowledgeFile = z.strictObject({
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

/** The knowledge files, one per language: a new language adds its file here (the service README). */
const FILES: Record<ContentLanguage, unknown> = { en };

/** The knowledge base in a language, checked against its schema. */
export const knowledgeIn = (language: ContentLanguage) => parseContent(KnowledgeFile, FILES[language], `${language}/knowledge.json`);

const content = knowledgeIn('en');

export const KNOWLEDGE: readonly KnowledgeEntry[] = content.entries;
export const KNOWLEDGE_BY_ID: ReadonlyMap<string, KnowledgeEntry> = new Map(KNOWLEDGE.map((e) => [e.id, e]));
export const PAIRING_BY_STRENGTH: Readonly<Record<StrengthLevel, string>> = content.pairingByStrength;
export const DRINKS: Readonly<Record<Drink, { label: string; strengths: StrengthLevel[]; advice: string }>> = content.drinks;
export const SALES_REFUSAL: string = content.salesRefusal;
export const MINORS_REFUSAL: string = content.minorsRefusal;
export const NO_SHOPS_NOTE: string = content.noShopsNote;
