import { contentLanguage, type ContentLanguage } from '../content.ts';
import {
  escapeRe, indexCatalog, normalize, stem, STRENGTHS, strengthRank, words,
  type CatalogIndex, type WrapperTag,
} from './catalog.ts';
import { knowledgeIn, type Drink, type KnowledgeEntry } from './knowledge.ts';
import { ENGLISH, lexiconIn, type Lexicon, type VitolaFamily } from './lexicon.ts';
import { ENGLISH_WORDS, type Words } from './templates.ts';
import type { ChatTurn, EngineCigar, EngineRequest, StrengthLevel } from './types.ts';

/**
 * Reading a member's message: what they want (intent) and the filters it implies. The message is data: nothing in
 * it changes the rules (a request to "ignore the rules" is just words that match nothing).
 */

export type Intent =
  | 'refuse-sales' | 'refuse-minors' | 'greeting' | 'thanks' | 'platform' | 'education' | 'recommend'
  | 'smoke-next' | 'cigar-info' | 'price' | 'unclear' | 'off-topic';

export type { VitolaFamily };

export type Occasion = 'morning' | 'evening' | 'quick' | 'long' | 'celebration' | 'beginner';
export type FilterKey = 'strength' | 'wrapper' | 'country' | 'vitola' | 'brand' | 'maxLength' | 'minLength' | 'flavour' | 'puro';
/** Where a filter came from: the message itself, an earlier turn, or an occasion ("morning" → milder). */
export type Source = 'message' | 'history' | 'occasion';

export interface Filters {
  strengths: StrengthLevel[] | null;
  wrappers: WrapperTag[] | null;
  countries: string[] | null;
  vitolas: VitolaFamily[] | null;
  brandIds: string[] | null;
  maxLength: number | null;
  minLength: number | null;
  flavours: string[] | null;
  puro: boolean;
  sources: Partial<Record<FilterKey, Source>>;
}

export interface Understanding {
  intent: Intent;
  filters: Filters;
  occasions: Occasion[];
  drink: Drink | null;
  /** Catalog ids the member wants something like (one cigar, a line or a brand). */
  similarTo: string[] | null;
  /** Catalog ids the member asks about. */
  cigarRef: string[] | null;
  relative: 'stronger' | 'milder' | null;
  /** A relative request that hit the end of the scale ("stronger" than full). */
  limit: 'top' | 'bottom' | null;
  size: 'shorter' | 'longer' | null;
  /** "another one", "something else": leave out what was already suggested. */
  another: boolean;
  followUp: boolean;
  price: { max: number | null } | null;
  /** Knowledge entries that match, best first. */
  topics: string[];
  greeting: boolean;
  /** Buying accessories (not tobacco): general advice, no shops. */
  accessory: boolean;
  /** The cigars named in the previous answer (for "stronger than those", "another one"). */
  previous: string[];
  /** Every cigar named earlier in the chat. */
  named: string[];
}

/** The catalog vitolas each family takes (its own first). */
export const VITOLA_FAMILIES: Record<VitolaFamily, { vitolas: string[] }> = {
  robusto: { vitolas: ['Robusto', 'Petit Robusto'] },
  toro: { vitolas: ['Toro'] },
  churchill: { vitolas: ['Churchill'] },
  'double-corona': { vitolas: ['Double Corona'] },
  corona: { vitolas: ['Corona', 'Corona Gorda'] },
  petit: { vitolas: ['Petit Corona', 'Petit Robusto', 'Cigarillo'] },
  lancero: { vitolas: ['Lancero', 'Panatela'] },
  lonsdale: { vitolas: ['Lonsdale'] },
  tapered: { vitolas: ['Torpedo', 'Belicoso', 'Piramide'] },
  gordo: { vitolas: ['Gordo'] },
  perfecto: { vitolas: ['Perfecto', 'Figurado'] },
  culebra: { vitolas: ['Culebra'] },
};

export const PRODUCTION_COUNTRIES = ['Cuba', 'Dominican Republic', 'Nicaragua', 'Honduras'];

const emptyFilters = (): Filters => ({
  strengths: null, wrappers: null, countries: null, vitolas: null, brandIds: null, maxLength: null, minLength: null,
  flavours: null, puro: false, sources: {},
});

// ------------------------------------------------------------------ small parsers (on normalised text)

const test = (t: string, re: RegExp) => re.test(t);

/** Removes matches of a pattern (so that "joya de nicaragua" is not also read as the country). */
const blank = (t: string, phrase: string) => t.replace(new RegExp(`(?<=\\s)${escapeRe(phrase)}(s|es)?(?=\\s)`, 'g'), ' _ ');

/** A message as the engine reads it in a language (catalog.ts#normalize with the language's apostrophes). */
export const readText = (message: string, L: Lexicon = ENGLISH) => normalize(message, L.apostrophes);

export function parseStrength(t: string, L: Lexicon = ENGLISH): { levels: StrengthLevel[] | null; relative: 'stronger' | 'milder' | null } {
  const S = L.strength;
  let relative: 'stronger' | 'milder' | null = null;
  if (test(t, S.stronger)) relative = 'stronger';
  else if (test(t, S.milder) || (test(t, S.lighter) && !S.lighterTool.test(t))) relative = 'milder';

  const levels = (() => {
    if (test(t, S.notStrong)) return STRENGTHS.slice(0, 3);
    if (test(t, S.notMild)) return STRENGTHS.slice(2);
    if (test(t, S.mildMedium)) return ['mild-medium'] as StrengthLevel[];
    if (test(t, S.mediumFull)) return ['medium-full'] as StrengthLevel[];
    if (test(t, S.strongest)) return ['full'] as StrengthLevel[];
    const full = S.full.test(t) && !S.notFull.test(t);
    if (full || test(t, S.strong)) return ['medium-full', 'full'] as StrengthLevel[];
    if (test(t, S.medium)) return ['medium'] as StrengthLevel[];
    const light = S.light.test(t) && !S.lightVerb.test(t);
    if (light || test(t, S.mild)) {
      return test(t, S.mildest) ? ['mild'] as StrengthLevel[] : ['mild', 'mild-medium'] as StrengthLevel[];
    }
    return null;
  })();
  return { levels, relative };
}

export function parseWrappers(t: string, L: Lexicon = ENGLISH): WrapperTag[] | null {
  const found: WrapperTag[] = [];
  for (const [re, tag] of L.wrappers) if (re.test(t)) found.push(tag);
  // "Connecticut broadleaf" is broadleaf, not Connecticut shade.
  const out = found.includes('broadleaf') ? found.filter((x) => x !== 'connecticut') : found;
  return out.length ? out : null;
}

export function parseCountries(t: string, L: Lexicon = ENGLISH): string[] | null {
  const out: string[] = [];
  for (const [re, c] of L.countries) if (re.test(t)) out.push(c);
  return out.length ? out : null;
}

export function parseVitolas(t: string, L: Lexicon = ENGLISH): VitolaFamily[] | null {
  const out: VitolaFamily[] = [];
  let rest = t;
  for (const [re, fam] of L.vitolas) {
    if (re.test(rest)) { out.push(fam); rest = rest.replace(new RegExp(re.source, 'g'), ' _ '); }
  }
  // A plain "corona" once petit and double coronas are taken out.
  if (L.message.corona.test(rest)) out.push('corona');
  return out.length ? out : null;
}

export function parseFlavours(t: string, L: Lexicon = ENGLISH): string[] | null {
  const out: string[] = [];
  for (const [re, f] of L.flavours) if (re.test(t)) out.push(f);
  return out.length ? out : null;
}

export function parseOccasions(t: string, L: Lexicon = ENGLISH): Occasion[] {
  const O = L.occasions;
  const out: Occasion[] = [];
  const evening = O.evening.test(t);
  if (!evening && O.morning.test(t)) out.push('morning');
  if (evening) out.push('evening');
  if (O.quick.test(t)) out.push('quick');
  if (O.long.test(t)) out.push('long');
  if (O.celebration.test(t) || (O.anniversary.test(t) && !O.notAnniversary.test(t))) out.push('celebration');
  if (O.beginner.test(t)) out.push('beginner');
  return out;
}

export function parseDrink(t: string, L: Lexicon = ENGLISH): Drink | null {
  for (const [re, drink] of L.drinks) {
    if (!re.test(t)) continue;
    // "port" inside "support", "passport": the words are taken out before it counts.
    if (drink === 'port' && L.message.notPort.test(t.replace(L.notPortAll, ' '))) continue;
    return drink;
  }
  return null;
}

export function parsePrice(t: string, L: Lexicon = ENGLISH): { max: number | null } | null {
  let amount: RegExpExecArray | null = null;
  for (const re of L.price.amounts) { amount = re.exec(t); if (amount) break; }
  const cue = L.price.cue.test(t);
  if (!amount && !cue) return null;
  return { max: amount ? Number(amount[1]!.replace(',', '.')) : null };
}

/**
 * A purchase named as the moment before the question, not as what it asks for: "how long should I rest cigars after
 * buying them", "once purchased, do they go straight into the humidor". Such a question is about resting or storing
 * what the member has (education) and is answered; a buying word outside such a phrase ("where can I buy", "what to
 * check when buying") still makes the message a sales request. (lexicon.json `sales.purchaseMoments`.)
 */
export function asksToBuy(t: string, L: Lexicon = ENGLISH): boolean {
  const buying = L.sales.buying;
  if (!buying.test(t)) return false;
  return buying.test(L.sales.purchaseMoments.reduce((rest, moment) => rest.replace(moment, ' '), t));
}

/** Sales, shipping, prices to order, sellers: never facilitated. */
export function isSalesRequest(t: string, L: Lexicon = ENGLISH): boolean {
  const S = L.sales;
  if (asksToBuy(t, L)) return true;
  if (S.order.test(t)) return true;
  if (S.ship.test(t)) return true;
  if (S.import.test(t)) return true;
  if (S.sell.test(t)) return true;
  if (S.shop.test(t)) return true;
  if (S.boxPrice.test(t)) return true;
  const where = S.where.exec(t);
  if (where) {
    const obj = ` ${where.groups?.object ?? ''} `;
    if (!S.appObject.test(obj)) return true;
  }
  return false;
}

export function isMinorsRequest(t: string, L: Lexicon = ENGLISH): boolean {
  return L.message.minors.test(t);
}

/** Buying accessories, not tobacco (a humidor, a cutter): general advice, no shops. */
const isAccessoryPurchase = (t: string, L: Lexicon) => L.message.accessory.test(t) && !L.message.tobacco.test(t.replace(L.cigarAccessoryAll, ' '));

/**
 * The refusal a normalized message gets before anything else is read (docs/decisions.md, "VitolAI"): anything for
 * minors; a request to buy, sell, order or ship tobacco (isSalesRequest), accessories aside. Null: it is answered.
 */
export function refusalOf(t: string, L: Lexicon = ENGLISH): 'refuse-sales' | 'refuse-minors' | null {
  if (isMinorsRequest(t, L)) return 'refuse-minors';
  if (isSalesRequest(t, L) && !isAccessoryPurchase(t, L)) return 'refuse-sales';
  return null;
}

// ------------------------------------------------------------------ knowledge lookup

/** The knowledge entries a message matches in a language's knowledge base, best first. */
export function scoreKnowledge(t: string, language: ContentLanguage = 'en'): { entry: KnowledgeEntry; score: number }[] {
  const out: { entry: KnowledgeEntry; score: number }[] = [];
  for (const c of knowledgeIn(language).compiled) {
    let s = 0;
    for (const k of c.keys) if (k.parts.every((re) => re.test(t))) s += k.w;
    for (const r of c.related) if (r.test(t)) s += 1;
    if (s > 0) out.push({ entry: c.entry, score: s });
  }
  return out.sort((a, b) => b.score - a.score || a.entry.id.localeCompare(b.entry.id));
}

// ------------------------------------------------------------------ brands and cigars

/** Words too common to identify a line on their own (with the message language's everyday words, lexicon.json `genericWords`). */
const GENERIC = new Set([
  'the', 'a', 'an', 'of', 'de', 'la', 'el', 'y', 'and', 'no', 'serie', 'series', 'collection', 'edition', 'especial', 'special',
  'reserve', 'reserva', 'robusto', 'toro', 'churchill', 'corona', 'torpedo', 'belicoso', 'lancero', 'gordo', 'petit', 'petite',
  'double', 'gran', 'grande', 'short', 'classic', 'original', 'white', 'black', 'red', 'brown', 'label', 'vintage', 'edge',
  'maduro', 'connecticut', 'sun', 'grown', 'box', 'pressed', 'habanos', 'cigar', 'cigars', 'new', 'world', 'one', 'like',
  'something', 'similar', 'magnum', 'piramide', 'piramides', 'perfecto', 'figurado', 'lonsdale', 'panatela', 'extra', 'big',
  'small', 'long', 'dark', 'nicaragua', 'dominican', 'cuban', 'honduran', 'nicaraguan', 'blend', 'line', 'signature', 'gold',
]);
const isGeneric = (tok: string, L: Lexicon) => GENERIC.has(tok) || L.genericWords.has(tok);

export function parseBrands(t: string, idx: CatalogIndex, L: Lexicon = ENGLISH): { ids: string[]; rest: string } {
  const ids: string[] = [];
  let rest = t;
  for (const b of idx.brands) {
    // A brand's name that is something else here ("a punch cut", "for my father").
    if (L.brandGuards.get(b.id)?.test(t)) continue;
    const hit = b.patterns.filter((p) => p.re.test(t));
    if (hit.length) {
      ids.push(b.id);
      for (const p of hit) rest = blank(rest, p.phrase);
    }
  }
  return { ids, rest };
}

/**
 * The catalog cigars a phrase names: the best-scoring cigar, or every cigar tied for best (a whole line or brand).
 * Tolerant of case, accents and plurals. `loose` accepts a rare line word without the brand ("a Hemingway").
 */
export function matchCigars(phrase: string, idx: CatalogIndex, loose: boolean, L: Lexicon = ENGLISH): { ids: string[]; byName: boolean } {
  const t = normalize(phrase);
  const { ids: brandIds } = parseBrands(t, idx, L);
  const tokens = new Set(words(t).map(stem));
  const n = idx.cigars.length;
  let best = 0;
  let out: string[] = [];
  let byName = false;
  for (const f of idx.cigars) {
    const brandHit = brandIds.includes(f.cigar.brandId);
    let nameScore = 0;
    let rare = false;
    let distinct = false;
    for (const tok of f.nameTokenSet) {
      if (!tokens.has(tok)) continue;
      // A one-letter word ("I" in "how should I store…", "Siglo I") names a cigar only beside its brand.
      if (tok.length < 2 && !brandHit) continue;
      // The brand's own name inside a cigar's name ("Punch Punch", "Fuente Fuente") does not identify the cigar.
      const generic = isGeneric(tok, L) || f.brandTokens.includes(tok);
      if (generic && !brandHit) continue;
      const df = idx.tokenDf.get(tok) ?? n;
      nameScore += Math.log(n / df) * (generic ? 0.5 : 1);
      if (!generic) distinct = true;
      if (!generic && df <= 8 && !/^\d+$/.test(tok)) rare = true;
    }
    // A word only one cigar has ("Exclusivo") lifts it above the rest of its line; a line's shared words tie the line.
    let score = 0;
    if (brandHit) score = 2 + nameScore;
    else if (nameScore >= 6 || (loose && rare && nameScore >= 3.5)) score = nameScore;
    if (score <= 0) continue;
    if (score > best + 1e-9) { best = score; out = [f.cigar.id]; byName = distinct; } else if (Math.abs(score - best) <= 1e-9) out.push(f.cigar.id);
  }
  return { ids: out, byName };
}

/**
 * Cigars an assistant turn suggested, in order. The engine writes a suggestion as "Brand Name (Vitola, ...": those
 * come first; a turn written otherwise (by another provider) counts every catalog cigar it names.
 */
export function cigarsNamedIn(text: string, idx: CatalogIndex): string[] {
  const all = cigarsMentioned(text, idx);
  const lower = text.toLowerCase();
  const suggested = all.filter((id) => {
    const c = idx.byId.get(id)!.cigar;
    return lower.includes(`${c.brandName} ${c.name} (`.toLowerCase());
  });
  return suggested.length ? suggested : all;
}

function cigarsMentioned(text: string, idx: CatalogIndex): string[] {
  const t = normalize(text);
  const found: { at: number; id: string }[] = [];
  // Only brands the text names can have cigars named in it.
  const brands = new Set<string>();
  for (const f of idx.cigars) if (!brands.has(f.cigar.brandId) && t.includes(f.brandNorm)) brands.add(f.cigar.brandId);
  for (const f of idx.cigars) {
    if (!brands.has(f.cigar.brandId)) continue;
    const at = t.indexOf(f.fullNorm);
    if (at >= 0) found.push({ at, id: f.cigar.id });
  }
  // A name that is a prefix of a longer named one ("... Robusto" inside "... Robusto Grande") is not separate.
  return found
    .sort((a, b) => a.at - b.at || b.id.length - a.id.length)
    .filter((x, i, all) => !all.some((y, j) => j !== i && y.at === x.at && idx.byId.get(y.id)!.fullNorm.length > idx.byId.get(x.id)!.fullNorm.length))
    .map((x) => x.id);
}

// ------------------------------------------------------------------ the message

const baseUnderstanding = (): Understanding => ({
  intent: 'unclear', filters: emptyFilters(), occasions: [], drink: null, similarTo: null, cigarRef: null,
  relative: null, limit: null, size: null, another: false, followUp: false, price: null, topics: [], greeting: false,
  accessory: false, previous: [], named: [],
});

/**
 * Step 1: what is answered before anything else is read: a refusal (minors, sales; accessories get advice), a
 * greeting or a thank-you. Otherwise the message's core: the text without its greeting.
 */
function readOpening(t: string, base: Understanding, L: Lexicon): { done: Understanding } | { core: string; greeting: boolean } {
  const M = L.message;
  const refused = refusalOf(t, L);
  if (refused) return { done: { ...base, intent: refused } };
  // A sales request that was not refused is about accessories.
  if (isSalesRequest(t, L)) {
    return { done: { ...base, intent: 'education', accessory: true, topics: ['storage-humidity', ...scoreKnowledge(t, L.language).map((x) => x.entry.id)].filter((v, i, a) => a.indexOf(v) === i) } };
  }

  const greeting = M.greeting.test(t);
  const core = greeting ? ` ${t.replace(M.greeting, ' ').trim()} ` : t;
  const coreWords = words(core).filter((w) => !L.greetingFiller.includes(w));
  if (M.capabilities.test(t) || (greeting && coreWords.length <= 2)) return { done: { ...base, intent: 'greeting', greeting: true } };
  if (M.thanks.test(t) && words(core.replace(M.thanks, ' ')).filter((w) => !L.thanksFiller.includes(w)).length === 0) {
    return { done: { ...base, intent: 'thanks' } };
  }
  return { core, greeting };
}

/**
 * Step 2: the cigars the message names: "something like X" (X is a reference, not a filter), a cigar asked about,
 * the member's favourite; then the brands it names. `rest` is the text left for the filters.
 */
function readReferences(core: string, idx: CatalogIndex, favourite: string | null, L: Lexicon) {
  const M = L.message;
  let rest = core;
  let similarTo: string[] | null = null;
  for (const m of core.matchAll(L.similarAll)) {
    if (M.preferenceLike.test(core.slice(0, (m.index ?? 0) + m[0].length))) continue;
    const ref = core.slice((m.index ?? 0) + m[0].length).split(M.referenceEnd)[0] ?? '';
    const { ids } = matchCigars(ref, idx, true, L);
    if (ids.length) { similarTo = ids; rest = core.replace(ref.trim(), ' _ '); break; }
  }
  let cigarRef: string[] | null = null;
  if (!similarTo) {
    const { ids, byName } = matchCigars(core, idx, false, L);
    if (ids.length && M.liked.test(core) && !M.infoCue.test(core)) similarTo = ids;
    else if (ids.length && (byName || M.brandInfo.test(core))) cigarRef = ids;
  }

  if (!similarTo && M.favourite.test(core) && favourite) similarTo = [favourite];
  const { ids: brandIds, rest: afterBrands } = parseBrands(rest, idx, L);
  rest = afterBrands;
  if (cigarRef) for (const id of cigarRef) rest = blank(rest, idx.byId.get(id)!.fullNorm.trim());
  return { similarTo, cigarRef, brandIds, rest };
}

/** Step 3: the filters the rest of the message sets, with the occasion, drink and price it names. */
function readFilters(rest: string, idx: CatalogIndex, refs: ReturnType<typeof readReferences>, L: Lexicon) {
  const filters = emptyFilters();
  const strength = parseStrength(rest, L);
  const wrappers = parseWrappers(rest, L);
  const countries = parseCountries(rest, L);
  const vitolas = parseVitolas(rest, L);
  const flavours = parseFlavours(rest, L);
  const occasions = parseOccasions(rest, L);
  const drink = parseDrink(rest, L);
  const price = parsePrice(rest, L);
  if (strength.levels) { filters.strengths = strength.levels; filters.sources.strength = 'message'; }
  if (wrappers) { filters.wrappers = wrappers; filters.sources.wrapper = 'message'; }
  if (countries) { filters.countries = countries; filters.sources.country = 'message'; }
  if (vitolas) { filters.vitolas = vitolas; filters.sources.vitola = 'message'; }
  if (flavours && !drink) { filters.flavours = flavours; filters.sources.flavour = 'message'; }
  if (flavours && drink) { const f = flavours.filter((x) => x !== 'coffee'); if (f.length) { filters.flavours = f; filters.sources.flavour = 'message'; } }
  const refBrands = new Set((refs.similarTo ?? []).map((id) => idx.byId.get(id)?.cigar.brandId));
  const wanted = refs.brandIds.filter((b) => !refBrands.has(b));
  if (wanted.length && !refs.cigarRef) { filters.brandIds = wanted; filters.sources.brand = 'message'; }
  if (L.message.puro.test(rest) && countries?.length === 1 && PRODUCTION_COUNTRIES.includes(countries[0]!)) { filters.puro = true; filters.sources.puro = 'message'; }
  applyOccasions(filters, occasions, drink);
  return { filters, strength, occasions, drink, price };
}

/**
 * Step 4: the intent, by weighing how much the message asks for cigars (recommend), for facts (education) and for
 * help with the app (platform).
 */
function chooseIntent(u: Understanding, s: { core: string; rest: string; message: string; topic: EngineRequest['topic']; topics: ReturnType<typeof scoreKnowledge> }, L: Lexicon): Understanding {
  const { core, rest, topic, topics } = s;
  const { question: QUESTION, smokeNext: SMOKE_NEXT, recommend: REC_VERB, goodCigar: GOOD_CIGAR, quality: QUALITY, cigarNoun: CIGAR_NOUN, infoCue: INFO_CUE, cigarWords: CIGAR_WORDS } = L.message;
  const { filters, occasions, drink, similarTo, cigarRef, price } = u;
  const eduTop = topics.find((x) => x.entry.category !== 'platform');
  const platTop = topics.find((x) => x.entry.category === 'platform');
  const question = QUESTION.test(core) || s.message.trim().endsWith('?');
  const filterCount = [filters.strengths, filters.wrappers, filters.countries, filters.vitolas, filters.brandIds, filters.flavours, filters.puro || null].filter(Boolean).length;

  if (SMOKE_NEXT.test(core)) return { ...u, intent: 'smoke-next' };

  let rec = 0;
  if (REC_VERB.test(core)) rec += 3;
  if (GOOD_CIGAR.test(core)) rec += 3;
  if (QUALITY.test(core) && (filterCount > 0 || CIGAR_NOUN.test(core))) rec += 3;
  rec += Math.min(3, filterCount);
  if (occasions.length || drink) rec += 1;
  if (similarTo) rec += 6;
  if (u.relative) rec += 2;
  if (topic === 'recommendations') rec += 1;
  const edu = eduTop ? (question ? eduTop.score + 2 : eduTop.score * 0.5) + (topic === 'education' ? 1 : 0) : 0;
  const plat = platTop ? platTop.score + (question ? 2 : 0) + (topic === 'support' || topic === 'navigation' ? 2 : 0) : 0;

  if (cigarRef && !similarTo && (INFO_CUE.test(core) || words(rest).filter((w) => w !== '_').length <= 2 || (question && rec < 6))) {
    return { ...u, intent: price && !REC_VERB.test(core) ? 'price' : 'cigar-info' };
  }
  if (price && rec < 3 && edu < 4 && plat < 4) return { ...u, intent: 'price' };

  const best = Math.max(rec, edu, plat);
  if (best >= 2) {
    if (plat === best) return { ...u, intent: 'platform' };
    if (edu === best && edu > rec) return { ...u, intent: 'education' };
    return { ...u, intent: 'recommend' };
  }
  if (filterCount > 0 || u.relative || occasions.length || drink) return { ...u, intent: 'recommend' };
  if (topic === 'recommendations' && CIGAR_WORDS.test(core)) return { ...u, intent: 'recommend' };
  if (eduTop || platTop) return { ...u, intent: eduTop && (!platTop || eduTop.score >= platTop.score) ? 'education' : 'platform' };
  return { ...u, intent: CIGAR_WORDS.test(core) ? 'unclear' : 'off-topic' };
}

/** Reads one message on its own: its opening, the cigars it names, its filters, then its intent. */
export function understandMessage(message: string, idx: CatalogIndex, topic: EngineRequest['topic'] = 'general', favourite: string | null = null, L: Lexicon = ENGLISH): Understanding {
  const t = readText(message, L);
  const base = baseUnderstanding();
  const opening = readOpening(t, base, L);
  if ('done' in opening) return opening.done;
  const { core, greeting } = opening;
  const refs = readReferences(core, idx, favourite, L);
  const { filters, strength, occasions, drink, price } = readFilters(refs.rest, idx, refs, L);
  const topics = scoreKnowledge(core, L.language);
  const u: Understanding = {
    ...base, filters, occasions, drink, similarTo: refs.similarTo, cigarRef: refs.cigarRef, relative: strength.relative,
    size: L.message.shorter.test(refs.rest) ? 'shorter' : L.message.longer.test(refs.rest) ? 'longer' : null,
    another: L.message.another.test(core), price, greeting,
    topics: topics.map((x) => x.entry.id),
  };
  return chooseIntent(u, { core, rest: refs.rest, message, topic, topics }, L);
}

/** Occasions and drinks imply strength and length, as the weakest kind of filter. */
function applyOccasions(f: Filters, occasions: Occasion[], drink: Drink | null) {
  const setStrength = (levels: StrengthLevel[]) => {
    if (!f.strengths) { f.strengths = levels; f.sources.strength = 'occasion'; }
  };
  if (occasions.includes('beginner')) { if (!f.strengths || f.sources.strength === 'occasion') { f.strengths = ['mild', 'mild-medium']; f.sources.strength = 'message'; } }
  if (occasions.includes('morning')) { setStrength(['mild', 'mild-medium']); if (f.maxLength === null) { f.maxLength = 5.5; f.sources.maxLength = 'occasion'; } }
  if (occasions.includes('quick')) { f.maxLength = 5; f.sources.maxLength = 'message'; }
  if (occasions.includes('long')) { f.minLength = 6; f.sources.minLength = 'message'; }
  if (occasions.includes('evening')) setStrength(['medium-full', 'full']);
  if (drink === 'whisky' || drink === 'port') setStrength(['medium-full', 'full']);
  else if (drink === 'cognac') setStrength(['medium', 'medium-full', 'full']);
  else if (drink === 'rum') setStrength(['medium', 'medium-full']);
  else if (drink === 'tea' || drink === 'champagne') setStrength(['mild', 'mild-medium']);
  else if (drink === 'coffee' && !occasions.includes('evening')) setStrength(['mild', 'mild-medium']);
}

// ------------------------------------------------------------------ the conversation

/** Merges a follow-up ("something stronger", "what about a torpedo?") into the request it refines. */
function mergeFollowUp(prev: Understanding, cur: Understanding): Understanding {
  const f = emptyFilters();
  const p = prev.filters;
  const c = cur.filters;
  const take = <K extends keyof Filters>(key: K, fk: FilterKey) => {
    if (c[key] !== null && c[key] !== false && c.sources[fk]) {
      (f as unknown as Record<string, unknown>)[key] = c[key];
      f.sources[fk] = c.sources[fk];
    } else if (p[key] !== null && p[key] !== false && p.sources[fk]) {
      (f as unknown as Record<string, unknown>)[key] = p[key];
      f.sources[fk] = p.sources[fk] === 'occasion' ? 'occasion' : 'history';
    }
  };
  take('strengths', 'strength');
  take('wrappers', 'wrapper');
  take('countries', 'country');
  take('vitolas', 'vitola');
  take('brandIds', 'brand');
  take('maxLength', 'maxLength');
  take('minLength', 'minLength');
  take('flavours', 'flavour');
  take('puro', 'puro');
  // A new explicit shape replaces a length the previous occasion implied, and vice versa.
  if (c.sources.vitola && f.sources.maxLength !== 'message') { f.maxLength = null; delete f.sources.maxLength; }
  if (c.sources.vitola && f.sources.minLength !== 'message') { f.minLength = null; delete f.sources.minLength; }
  if (cur.relative) { f.strengths = null; delete f.sources.strength; }
  return {
    ...cur,
    intent: 'recommend',
    filters: f,
    occasions: [...new Set([...prev.occasions, ...cur.occasions])],
    drink: cur.drink ?? prev.drink,
    similarTo: cur.similarTo ?? prev.similarTo,
    price: cur.price ?? prev.price,
    followUp: true,
  };
}

/**
 * Reads the current message in the light of the chat so far: follow-ups refine the previous recommendation,
 * "the second one" points at the previous answer's second cigar, and cigars already suggested are remembered.
 */
export function understandConversation(catalog: readonly EngineCigar[], req: Pick<EngineRequest, 'message' | 'history' | 'topic' | 'language'>, favourite: string | null = null): Understanding {
  const idx = indexCatalog(catalog);
  const L = lexiconIn(contentLanguage(req.language));
  let prev: Understanding | null = null;
  let previous: string[] = [];
  const named: string[] = [];
  for (const turn of req.history as ChatTurn[]) {
    if (turn.role === 'assistant') {
      const ids = cigarsNamedIn(turn.content, idx);
      if (ids.length) { previous = ids; named.push(...ids); }
      continue;
    }
    const u = understandMessage(turn.content, idx, req.topic, favourite, L);
    const merged: Understanding = prev && (prev.intent === 'recommend') && isFollowUp(turn.content, u, L)
      ? resolveRelative(mergeFollowUp(prev, u), previous, prev, idx) : resolveRelative(u, [], null, idx);
    if (['recommend', 'smoke-next', 'education', 'cigar-info', 'platform'].includes(merged.intent)) prev = merged;
    previous = [];
  }

  let cur = understandMessage(req.message, idx, req.topic, favourite, L);
  const t = readText(req.message, L);
  // "the second one", "the last one": the previous answer's cigars.
  if (previous.length && ['unclear', 'off-topic', 'education', 'recommend', 'cigar-info'].includes(cur.intent) && !cur.cigarRef) {
    for (const [re, i] of L.ordinals) {
      if (!re.test(t)) continue;
      const id = i < 0 ? previous[previous.length - 1] : previous[i];
      if (!id) break;
      cur = L.message.ordinalLike.test(t)
        ? { ...cur, intent: 'recommend', similarTo: [id] }
        : { ...cur, intent: 'cigar-info', cigarRef: [id] };
      break;
    }
  }
  if (prev && isFollowUp(req.message, cur, L)) {
    if (prev.intent === 'recommend' && ['recommend', 'unclear', 'education', 'off-topic'].includes(cur.intent) && !(cur.intent === 'education' && cur.topics.length && !hasRefinement(cur))) {
      cur = resolveRelative(mergeFollowUp(prev, cur), previous, prev, idx);
    } else if (prev.intent === 'smoke-next' && cur.another && !hasRefinement(cur)) {
      cur = { ...cur, intent: 'smoke-next', followUp: true };
    } else if (prev.intent === 'education' && cur.intent === 'unclear' && cur.topics.length) {
      cur = { ...cur, intent: 'education' };
    }
  }
  if (!cur.followUp) cur = resolveRelative(cur, [], null, idx);
  return { ...cur, previous, named: [...new Set(named)] };
}

/**
 * "Stronger", "milder", "shorter", "longer": against the cigars the previous answer named, else the previous
 * request's strengths. Left unresolved (strengths null) when there is nothing to compare with: the answer then
 * compares with the member's own taste.
 */
function resolveRelative(u: Understanding, previousIds: readonly string[], prev: Understanding | null, idx: CatalogIndex): Understanding {
  if (!u.relative && !u.size) return u;
  const prevFs = previousIds.map((id) => idx.byId.get(id)).filter((f) => f !== undefined);
  const filters: Filters = { ...u.filters, sources: { ...u.filters.sources } };
  let limit: Understanding['limit'] = null;
  if (u.relative) {
    const ranks = prevFs.length ? prevFs.map((f) => f.rank)
      : prev?.filters.strengths ? prev.filters.strengths.map(strengthRank)
        : u.similarTo ? u.similarTo.map((id) => idx.byId.get(id)?.rank ?? 2) : null;
    if (ranks) {
      if (u.relative === 'stronger') {
        const top = Math.max(...ranks);
        const lv = STRENGTHS.filter((_, i) => i > top);
        filters.strengths = lv.length ? [...lv] : ['full'];
        if (!lv.length) limit = 'top';
      } else {
        const low = Math.min(...ranks);
        const lv = STRENGTHS.filter((_, i) => i < low);
        filters.strengths = lv.length ? [...lv] : ['mild'];
        if (!lv.length) limit = 'bottom';
      }
      filters.sources.strength = 'message';
    }
  }
  if (u.size && prevFs.length) {
    const lengths = prevFs.map((f) => f.cigar.length);
    if (u.size === 'shorter') { filters.maxLength = Math.min(...lengths) - 0.25; filters.minLength = null; filters.sources.maxLength = 'message'; delete filters.sources.minLength; }
    else { filters.minLength = Math.max(...lengths) + 0.25; filters.maxLength = null; filters.sources.minLength = 'message'; delete filters.sources.maxLength; }
  }
  return { ...u, filters, limit };
}

const hasRefinement = (u: Understanding) => {
  const f = u.filters;
  return Boolean(u.relative || u.size || f.strengths || f.wrappers || f.countries || f.vitolas || f.brandIds || f.flavours || u.similarTo);
};

function isFollowUp(message: string, u: Understanding, L: Lexicon): boolean {
  if (['refuse-sales', 'refuse-minors', 'greeting', 'thanks', 'smoke-next', 'platform'].includes(u.intent)) return false;
  const t = readText(message, L);
  if (L.message.followCue.test(t)) return true;
  // A bare refinement: "torpedo?", "Nicaraguan maduro?"
  return hasRefinement(u) && words(t).length <= 4 && !L.message.recommend.test(t);
}

/** "mild to medium", in the answer's language. */
export const strengthLabel = (levels: readonly StrengthLevel[], w: Words = ENGLISH_WORDS): string => {
  const ranks = levels.map(strengthRank).sort((a, b) => a - b);
  const lo = STRENGTHS[ranks[0]!]!;
  const hi = STRENGTHS[ranks[ranks.length - 1]!]!;
  return lo === hi ? w.t.strength[lo] : w.fill(w.t.strengthRange, { low: w.t.strength[lo], high: w.t.strength[hi] });
};
