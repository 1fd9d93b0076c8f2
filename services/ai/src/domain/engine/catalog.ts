import { ENGLISH_WORDS, type Words } from './templates.ts';
import type { EngineCigar, StrengthLevel } from './types.ts';

/**
 * What the local engine derives once from the catalog: normalised text, wrapper families, flavour words, the line
 * a cigar belongs to and its smoking time. Pure and memoised per catalog array (same array, same index).
 */

export const STRENGTHS: readonly StrengthLevel[] = ['mild', 'mild-medium', 'medium', 'medium-full', 'full'];
export const strengthRank = (s: StrengthLevel): number => STRENGTHS.indexOf(s);

/**
 * Lower case, no accents ('ß' as 'ss'), no apostrophes, other punctuation as spaces (keeps '$', '%' and decimal
 * points), padded with one space. `apostrophes: 'split'` reads an apostrophe as a space, for languages that elide
 * ("l'humidor" → "l humidor"); English joins ("don't" → "dont").
 */
export function normalize(text: string, apostrophes: 'join' | 'split' = 'join'): string {
  const t = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss').replace(/œ/g, 'oe').replace(/æ/g, 'ae')
    .replace(/['’‘`´]/g, apostrophes === 'split' ? ' ' : '')
    .replace(/[^a-z0-9$%.]+/g, ' ')
    // A point is kept only as a decimal point (5.5), never as punctuation.
    .replace(/(?<!\d)\.|\.(?!\d)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return ` ${t} `;
}

export const words = (normalized: string): string[] => normalized.trim().split(' ').filter(Boolean);

/** A plural-tolerant token: 'cohibas' and 'cohiba' compare equal. */
export const stem = (w: string): string => (w.length > 4 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);

export const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Wrapper families the engine reasons with (a cigar may carry several, e.g. 'Natural or Maduro'). */
export const WRAPPER_TAGS = [
  'connecticut', 'broadleaf', 'maduro', 'oscuro', 'habano', 'corojo', 'cameroon', 'sumatra',
  'san-andres', 'rosado', 'sun-grown', 'criollo', 'candela', 'cuban', 'natural', 'indonesian', 'brazilian',
] as const;
export type WrapperTag = (typeof WRAPPER_TAGS)[number];

/** The wrapper families of one cigar, from its wrapper text, refined by its name when the line offers several wrappers. */
export function wrapperTags(wrapper: string, name: string): Set<WrapperTag> {
  const w = normalize(wrapper);
  const n = normalize(name);
  const tags = new Set<WrapperTag>();
  const has = (re: RegExp) => re.test(w);
  if (has(/ broadleaf /)) { tags.add('broadleaf'); tags.add('maduro'); }
  if (has(/ connecticut /) && !has(/ broadleaf | habano /)) tags.add('connecticut');
  if (has(/ maduro /)) tags.add('maduro');
  if (has(/ oscuro /)) { tags.add('oscuro'); tags.add('maduro'); }
  if (has(/ habano /)) tags.add('habano');
  if (has(/ corojo /)) tags.add('corojo');
  if (has(/ cameroon /)) tags.add('cameroon');
  if (has(/ sumatra /)) tags.add('sumatra');
  if (has(/ san andres /)) { tags.add('san-andres'); tags.add('maduro'); }
  if (has(/ rosado /)) tags.add('rosado');
  if (has(/ sun grown /)) tags.add('sun-grown');
  if (has(/ criollo /)) tags.add('criollo');
  if (has(/ natural /)) tags.add('natural');
  if (has(/ indonesian /)) tags.add('indonesian');
  if (has(/ brazilian /)) tags.add('brazilian');
  if (w.trim() === 'cuban') tags.add('cuban');
  // A line offered in several wrappers: the cigar's own name says which one it is.
  if (has(/ or /)) {
    if (/ maduro | oscuro /.test(n)) {
      for (const t of ['connecticut', 'natural', 'sun-grown', 'corojo', 'habano'] as const) tags.delete(t);
      tags.add('maduro');
      if (/ oscuro /.test(n)) tags.add('oscuro');
    } else if (/ champagne | connecticut /.test(n)) {
      tags.delete('maduro'); tags.delete('sun-grown'); tags.add('connecticut');
    } else if (/ sun grown /.test(n)) {
      tags.delete('maduro'); tags.delete('connecticut'); tags.add('sun-grown');
    }
  } else if (/ maduro /.test(n)) {
    tags.add('maduro');
  }
  if (/ oscuro /.test(n)) { tags.add('oscuro'); tags.add('maduro'); }
  if (tags.size === 0) tags.add('natural');
  return tags;
}

/** Flavour words: what the description (or a review tag) says, as one canonical word each. */
const FLAVOUR_WORDS: readonly [RegExp, string][] = [
  [/ (cream|creamy|creaminess) /, 'cream'],
  [/ (cedar|cedary|cedarwood) /, 'cedar'],
  [/ (nut|nuts|nutty|almond|almonds|hazelnut|cashew|peanut) /, 'nut'],
  [/ (cocoa|chocolate|cacao|chocolatey) /, 'cocoa'],
  [/ (coffee|espresso|mocha) /, 'coffee'],
  [/ (pepper|peppery|peppers) /, 'pepper'],
  [/ (spice|spicy|spices|cinnamon|clove|nutmeg) /, 'spice'],
  [/ (leather|leathery) /, 'leather'],
  [/ (earth|earthy|earthiness|soil|barnyard) /, 'earth'],
  [/ (sweet|sweetness|sugar|caramel|molasses|vanilla) /, 'sweet'],
  [/ (honey|honeyed) /, 'honey'],
  [/ (toast|toasty|toasted|bread|bready) /, 'toast'],
  [/ (wood|woody|oak) /, 'wood'],
  [/ (floral|flowers|flower) /, 'floral'],
  [/ (grass|grassy|hay|herbal) /, 'grass'],
  [/ (fruit|fruity|dried fruit|raisin|raisins) /, 'fruit'],
  [/ (citrus|citrusy|lemon|zest|zesty) /, 'citrus'],
];

/** Canonical flavours in the order the text names them. */
export function flavoursOf(text: string): string[] {
  const t = normalize(text);
  const found: { at: number; f: string }[] = [];
  for (const [re, f] of FLAVOUR_WORDS) {
    const m = re.exec(t);
    if (m && !found.some((x) => x.f === f)) found.push({ at: m.index, f });
  }
  return found.sort((a, b) => a.at - b.at).map((x) => x.f);
}

/** Words of a line's description that say how it smokes when it names no flavour (written in the answer's language: templates.json `descriptors`). */
export const DESCRIPTORS = ['rich', 'smooth', 'mellow', 'bold', 'dense', 'elegant', 'complex', 'refined', 'balanced', 'oily', 'dark', 'approachable', 'powerful', 'strong'];

/** Country adjectives in leaf descriptions, to the country they name. */
const LEAF_COUNTRY: readonly [RegExp, string][] = [
  [/ cuban /, 'Cuba'],
  [/ dominican /, 'Dominican Republic'],
  [/ nicaraguan /, 'Nicaragua'],
  [/ honduran /, 'Honduras'],
  [/ mexican | san andres /, 'Mexico'],
  [/ ecuadorian /, 'Ecuador'],
  [/ brazilian /, 'Brazil'],
  [/ connecticut | pennsylvania /, 'USA'],
  [/ cameroon /, 'Cameroon'],
  [/ indonesian /, 'Indonesia'],
  [/ peruvian /, 'Peru'],
  [/ panamanian /, 'Panama'],
];

export function leafCountries(text: string): Set<string> {
  const t = normalize(text);
  const out = new Set<string>();
  for (const [re, c] of LEAF_COUNTRY) if (re.test(t)) out.add(c);
  return out;
}

/** Minutes a relaxed smoker takes: longer and wider cigars last longer (a 5 x 50 robusto about 55, a 7 x 48 churchill about 75). */
export const smokeMinutes = (c: Pick<EngineCigar, 'length' | 'ringGauge'>): number => Math.max(20, c.length * (c.ringGauge / 4.2 - 1));

export const roundTo5 = (n: number): number => Math.max(5, Math.round(n / 5) * 5);

/** The description without its closing size sentence: the same for every vitola of a line. */
export const lineText = (description: string): string =>
  description.replace(/\s*(The [^.]*?(\.\s?(?:[IVX]+|\d+)\b[^.]*?)* is an? [a-z ]+ of [\d.]+ by \d+ ring gauge|This [a-z ]+ measures [\d.]+ by \d+ ring gauge)\.\s*$/i, '').trim();

export interface CigarFeatures {
  cigar: EngineCigar;
  rank: number;
  tags: Set<WrapperTag>;
  flavours: string[];
  descriptors: string[];
  /** brandId + the line's description: every vitola of one line shares it. */
  lineKey: string;
  line: string;
  /** Normalised "brand name" and its tokens (stemmed). */
  fullNorm: string;
  /** Normalised brand name, padded (" padron "). */
  brandNorm: string;
  brandTokens: string[];
  nameTokens: string[];
  /** The distinct name tokens. */
  nameTokenSet: string[];
  minutes: number;
  leaves: Set<string>;
  /** Wrapper, binder and filler all from the country it is made in. */
  puro: boolean;
  vitolaNorm: string;
  /** Wrapper families without the catch-all 'natural', and the first four flavours, as sets (for similarity). */
  tagSet: Set<WrapperTag>;
  flavourSet: Set<string>;
  /** What the line's description says about it. */
  marks: { celebration: boolean; everyday: boolean; approachable: boolean; award: boolean; wrapperOptions: boolean };
}

export interface BrandEntry {
  id: string;
  name: string;
  country: string;
  /** Normalised phrases that name the brand in a message. */
  phrases: string[];
  /** The phrases as whole-word (plural tolerant) patterns. */
  patterns: { phrase: string; re: RegExp }[];
}

export interface CatalogIndex {
  cigars: CigarFeatures[];
  byId: Map<string, CigarFeatures>;
  brands: BrandEntry[];
  /** How many cigars' names hold each (stemmed) token: rare tokens identify a line. */
  tokenDf: Map<string, number>;
}

/** Other ways members name a brand (normalised). Ambiguous words ('punch', 'my father') are guarded in understand.ts. */
const BRAND_ALIASES: Record<string, string[]> = {
  'arturo-fuente': ['fuente', 'a fuente', 'opus x', 'opusx'],
  'romeo-y-julieta': ['romeo', 'romeo and julieta', 'ryj'],
  'h-upmann': ['upmann', 'h upmann'],
  'hoyo-de-monterrey': ['hoyo'],
  'la-flor-dominicana': ['lfd', 'la flor'],
  'liga-privada': ['liga'],
  'dunbarton-tobacco-trust': ['dunbarton', 'dtt'],
  'ep-carrillo': ['carrillo', 'e p carrillo', 'ep carrillo'],
  'aj-fernandez': ['ajf', 'a j fernandez', 'aj fernandez'],
  'rocky-patel': ['rocky', 'rp'],
  'joya-de-nicaragua': ['joya'],
  'drew-estate': ['drew estate', 'undercrown', 'herrera esteli', 'acid'],
  'foundation': ['foundation'],
  'montecristo': ['monte'],
  'alec-bradley': ['alec bradley'],
  'crowned-heads': ['crowned heads'],
  'aging-room': ['aging room'],
};

const featureCache = new WeakMap<EngineCigar, CigarFeatures>();

/** One cigar's derived features (memoised per cigar object). */
export function featuresOf(c: EngineCigar): CigarFeatures {
  const hit = featureCache.get(c);
  if (hit) return hit;
  const line = lineText(c.description);
  const w = leafCountries(c.wrapper);
  const b = leafCountries(c.binder);
  const f = leafCountries(c.filler);
  const descr = normalize(line);
  const out: CigarFeatures = {
    cigar: c,
    rank: strengthRank(c.strength),
    tags: wrapperTags(c.wrapper, c.name),
    flavours: flavoursOf(line),
    descriptors: DESCRIPTORS.filter((d) => descr.includes(` ${d} `)),
    lineKey: `${c.brandId}|${line}`,
    line,
    fullNorm: normalize(`${c.brandName} ${c.name}`),
    brandNorm: normalize(c.brandName),
    brandTokens: words(normalize(c.brandName)).map(stem),
    nameTokens: words(normalize(c.name)).map(stem),
    nameTokenSet: [...new Set(words(normalize(c.name)).map(stem))],
    minutes: smokeMinutes(c),
    leaves: new Set([...w, ...b, ...f]),
    puro: [w, b, f].every((s) => s.size === 1 && s.has(c.country)),
    vitolaNorm: normalize(c.vitola).trim(),
    tagSet: new Set(),
    flavourSet: new Set(),
    marks: {
      celebration: /anniversary|aged|limited|luxury|rare|cigar of the year|hard to find|flagship|tribute|thousand days|ten-year|five years|finest/i.test(line),
      everyday: /everyday|value line/i.test(line),
      approachable: /approachable|mellow|smooth|creamy|morning/i.test(line),
      award: /Cigar of the Year/.test(line),
      wrapperOptions: / or |,/.test(` ${c.wrapper} `),
    },
  };
  out.tagSet = new Set([...out.tags].filter((x) => x !== 'natural'));
  out.flavourSet = new Set(out.flavours.slice(0, 4));
  featureCache.set(c, out);
  return out;
}

const cache = new WeakMap<readonly EngineCigar[], CatalogIndex>();

export function indexCatalog(catalog: readonly EngineCigar[]): CatalogIndex {
  const hit = cache.get(catalog);
  if (hit) return hit;
  const cigars: CigarFeatures[] = catalog.map(featuresOf);
  const byId = new Map(cigars.map((f) => [f.cigar.id, f]));
  const brandMap = new Map<string, BrandEntry>();
  for (const f of cigars) {
    const c = f.cigar;
    if (brandMap.has(c.brandId)) continue;
    const phrases = new Set([normalize(c.brandName).trim(), normalize(c.brandId.replace(/-/g, ' ')).trim(), ...(BRAND_ALIASES[c.brandId] ?? [])]);
    const list = [...phrases].filter((p) => p.length >= 2);
    brandMap.set(c.brandId, {
      id: c.brandId, name: c.brandName, country: c.brandCountry, phrases: list,
      patterns: list.map((p) => ({ phrase: normalize(p).trim(), re: new RegExp(`(^|\\s)${escapeRe(normalize(p).trim())}(s|es)?(?=\\s|$)`) })),
    });
  }
  const tokenDf = new Map<string, number>();
  for (const f of cigars) for (const t of f.nameTokenSet) tokenDf.set(t, (tokenDf.get(t) ?? 0) + 1);
  const idx: CatalogIndex = {
    cigars,
    byId,
    brands: [...brandMap.values()].sort((a, b) => a.id.localeCompare(b.id)),
    tokenDf,
  };
  cache.set(catalog, idx);
  return idx;
}

/** "Padrón 1964 Anniversary Series Exclusivo" */
export const cigarTitle = (c: Pick<EngineCigar, 'brandName' | 'name'>): string => `${c.brandName} ${c.name}`;

/** "5.5 x 50", in the language's numbers. */
export const sizeLabel = (c: Pick<EngineCigar, 'length' | 'ringGauge'>, w: Words = ENGLISH_WORDS): string =>
  w.fill(w.t.size, { length: w.num(c.length), ring: w.num(c.ringGauge) });
