import {
  escapeRe, indexCatalog, normalize, stem, STRENGTHS, strengthRank, words,
  type CatalogIndex, type WrapperTag,
} from './catalog.ts';
import { KNOWLEDGE, type Drink, type KnowledgeEntry } from './knowledge.ts';
import type { ChatTurn, EngineCigar, EngineRequest, StrengthLevel } from './types.ts';

/**
 * Reading a member's message: what they want (intent) and the filters it implies. The message is data: nothing in
 * it changes the rules (a request to "ignore the rules" is just words that match nothing).
 */

export type Intent =
  | 'refuse-sales' | 'refuse-minors' | 'greeting' | 'thanks' | 'platform' | 'education' | 'recommend'
  | 'smoke-next' | 'cigar-info' | 'price' | 'unclear' | 'off-topic';

export type VitolaFamily =
  | 'robusto' | 'toro' | 'churchill' | 'double-corona' | 'corona' | 'petit' | 'lancero' | 'lonsdale' | 'tapered'
  | 'gordo' | 'perfecto' | 'culebra';

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

export const VITOLA_FAMILIES: Record<VitolaFamily, { label: string; vitolas: string[] }> = {
  robusto: { label: 'robusto', vitolas: ['Robusto', 'Petit Robusto'] },
  toro: { label: 'toro', vitolas: ['Toro'] },
  churchill: { label: 'churchill', vitolas: ['Churchill'] },
  'double-corona': { label: 'double corona', vitolas: ['Double Corona'] },
  corona: { label: 'corona', vitolas: ['Corona', 'Corona Gorda'] },
  petit: { label: 'petit corona', vitolas: ['Petit Corona', 'Petit Robusto', 'Cigarillo'] },
  lancero: { label: 'lancero', vitolas: ['Lancero', 'Panatela'] },
  lonsdale: { label: 'lonsdale', vitolas: ['Lonsdale'] },
  tapered: { label: 'torpedo or belicoso', vitolas: ['Torpedo', 'Belicoso', 'Piramide'] },
  gordo: { label: 'gordo', vitolas: ['Gordo'] },
  perfecto: { label: 'perfecto', vitolas: ['Perfecto', 'Figurado'] },
  culebra: { label: 'culebra', vitolas: ['Culebra'] },
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

const LIGHTER_TOOL = / (a|the|my|your|butane|torch|jet|soft flame|zippo|good|best|which|single|triple) lighters? | lighter fluid /;
const LIGHT_VERB = / (how (do|to|should|can|would) (i |you |one )?(re)?light|light (it|up|a|the|my|your|them|one)|lighting|relight\w*) /;

export function parseStrength(t: string): { levels: StrengthLevel[] | null; relative: 'stronger' | 'milder' | null } {
  let relative: 'stronger' | 'milder' | null = null;
  if (test(t, / (stronger|bolder|fuller|heavier|more (full|strength|body|bodied|powerful|intense|kick|punch|flavou?r)|step up|kick it up|a notch up|beefier) /)) relative = 'stronger';
  else if (test(t, / (milder|smoother|weaker|softer|gentler|mellower|less (strong|intense|strength|powerful|full|heavy|punch)|tone it down|step down|a notch down) /)
    || (test(t, / lighter /) && !LIGHTER_TOOL.test(t))) relative = 'milder';

  const levels = (() => {
    if (test(t, / (not|nothing|isnt|no|without being) (too |very |overly |that |so |super )?(strong|full|bold|powerful|heavy|intense|harsh) /)) return STRENGTHS.slice(0, 3);
    if (test(t, / (not|nothing) (too |very |that |so )?(mild|light|weak|mellow) /)) return STRENGTHS.slice(2);
    if (test(t, / (mild|light|mellow) (to|or|and) medium | mild medium | light medium | medium mild /)) return ['mild-medium'] as StrengthLevel[];
    if (test(t, / medium (to|or|and) (full|strong) | medium full | medium strong | full medium /)) return ['medium-full'] as StrengthLevel[];
    if (test(t, / (strongest|very strong|really strong|super strong|full strength|knock (me )?out|maximum strength|max strength|most powerful|strongest one|powerhouse|nicotine bomb) /)) return ['full'] as StrengthLevel[];
    const full = / full (bodied|body|strength|flavou?red|cigar|ones?|smoke|stick)? /.test(t) && !/ (is|are|gets|got|was|humidor|event|events) full | full (humidor|event|price|list|name|names|refund|size|sizes|range|catalog) | in full | full of /.test(t);
    if (full || test(t, / (strong|bold|powerful|heavy|intense|potent|punchy|beefy|hefty) /)) return ['medium-full', 'full'] as StrengthLevel[];
    if (test(t, / medium( bodied| body| strength)? /)) return ['medium'] as StrengthLevel[];
    const light = / light (bodied|body|cigar|cigars|smoke|smokes|one|ones|stick|blend)? /.test(t) && !LIGHT_VERB.test(t);
    if (light || test(t, / (mild|mildest|mellow|gentle|easy going|easygoing|delicate|smooth|beginner|beginners|novice|newbie|new to cigars|first cigar|never smoked|just starting|getting into cigars|first time) /)) {
      return test(t, / mildest /) ? ['mild'] as StrengthLevel[] : ['mild', 'mild-medium'] as StrengthLevel[];
    }
    return null;
  })();
  return { levels, relative };
}

const WRAPPER_PATTERNS: readonly [RegExp, WrapperTag][] = [
  [/ broadleaf /, 'broadleaf'],
  [/ san andres | mexican (wrapper|maduro|leaf) | negro san andres /, 'san-andres'],
  [/ candela | double claro | green wrapper | jade /, 'candela'],
  [/ oscuro /, 'oscuro'],
  [/ maduros? | dark wrapper | dark cigar /, 'maduro'],
  [/ connecticut | shade grown | ct shade | conn shade /, 'connecticut'],
  [/ corojo /, 'corojo'],
  [/ cameroon /, 'cameroon'],
  [/ sumatra /, 'sumatra'],
  [/ rosado /, 'rosado'],
  [/ habano /, 'habano'],
  [/ criollo /, 'criollo'],
  [/ sun grown | sungrown /, 'sun-grown'],
];

export function parseWrappers(t: string): WrapperTag[] | null {
  const found: WrapperTag[] = [];
  for (const [re, tag] of WRAPPER_PATTERNS) if (re.test(t)) found.push(tag);
  // "Connecticut broadleaf" is broadleaf, not Connecticut shade.
  const out = found.includes('broadleaf') ? found.filter((x) => x !== 'connecticut') : found;
  return out.length ? out : null;
}

const COUNTRY_PATTERNS: readonly [RegExp, string][] = [
  [/ (cuba|cuban|cubans|habanos|havana|vuelta abajo) /, 'Cuba'],
  [/ (dominican|dominicans|dominican republic|dr|cibao) /, 'Dominican Republic'],
  [/ (nicaragua|nicaraguan|nicaraguans|esteli|jalapa|condega) /, 'Nicaragua'],
  [/ (honduras|honduran|hondurans|danli|jamastran) /, 'Honduras'],
  [/ (ecuador|ecuadorian) /, 'Ecuador'],
  [/ (mexico|mexican) /, 'Mexico'],
  [/ (brazil|brazilian) /, 'Brazil'],
  [/ (usa|united states|american|pennsylvania) /, 'USA'],
  [/ (indonesia|indonesian) /, 'Indonesia'],
];

export function parseCountries(t: string): string[] | null {
  const out: string[] = [];
  for (const [re, c] of COUNTRY_PATTERNS) if (re.test(t)) out.push(c);
  return out.length ? out : null;
}

const VITOLA_PATTERNS: readonly [RegExp, VitolaFamily][] = [
  [/ petite? (corona|robusto)s? | mareva | half corona | short corona | petit | cigarillos? /, 'petit'],
  [/ double coronas? /, 'double-corona'],
  [/ robustos? /, 'robusto'],
  [/ toros? /, 'toro'],
  [/ churchills? /, 'churchill'],
  [/ lanceros? | panatelas? | panetelas? /, 'lancero'],
  [/ lonsdales? /, 'lonsdale'],
  [/ torpedos? | torpedoes | belicosos? | piramides? | pyramids? /, 'tapered'],
  [/ gordos? | 60 ring | sixty ring | big ring | thick cigar | fat cigar /, 'gordo'],
  [/ perfectos? | figurados? /, 'perfecto'],
  [/ culebras? /, 'culebra'],
];

export function parseVitolas(t: string): VitolaFamily[] | null {
  const out: VitolaFamily[] = [];
  let rest = t;
  for (const [re, fam] of VITOLA_PATTERNS) {
    if (re.test(rest)) { out.push(fam); rest = rest.replace(new RegExp(re.source, 'g'), ' _ '); }
  }
  // A plain "corona" once petit and double coronas are taken out.
  if (/ coronas?( gordas?)? /.test(rest)) out.push('corona');
  return out.length ? out : null;
}

const FLAVOUR_QUERY: readonly [RegExp, string][] = [
  [/ (creamy|cream) /, 'cream'], [/ (cedar|cedary) /, 'cedar'], [/ (nutty|nuts|nut|almond) /, 'nut'],
  [/ (chocolate|chocolatey|cocoa) /, 'cocoa'], [/ (coffee|espresso) notes? /, 'coffee'], [/ (peppery|pepper) /, 'pepper'],
  [/ (spicy|spice) /, 'spice'], [/ (leather|leathery) /, 'leather'], [/ (earthy|earth) /, 'earth'],
  [/ (sweet|sweeter|sweetness) /, 'sweet'], [/ (honey|honeyed) /, 'honey'], [/ (toasty|toasted) /, 'toast'],
  [/ (woody) /, 'wood'], [/ (floral) /, 'floral'], [/ (fruity|fruit) /, 'fruit'], [/ (citrus|citrusy) /, 'citrus'],
];

export function parseFlavours(t: string): string[] | null {
  const out: string[] = [];
  for (const [re, f] of FLAVOUR_QUERY) if (re.test(t)) out.push(f);
  return out.length ? out : null;
}

export function parseOccasions(t: string): Occasion[] {
  const out: Occasion[] = [];
  const evening = / (after dinner|after a meal|after a big meal|after supper|digestif|evening|nightcap|night cap|late night|after dark|by the fire|fireside) /.test(t);
  if (!evening && / (morning|breakfast|brunch|first thing|sunrise|wake up|am coffee|with (my |a |an )?(coffee|latte|cappuccino|cup)|(my |a |the )?(morning )?coffee) /.test(t)) out.push('morning');
  if (evening) out.push('evening');
  if (/ (quick|short smoke|short one|short cigar|something short|little time|lunch|30 minutes|half an hour|half hour|20 minutes|twenty minutes|under an hour|not much time|before work|on a break|coffee break|short break|limited time) /.test(t)) out.push('quick');
  if (/ (big smoke|long smoke|long cigar|big cigar|lengthy|all evening|couple of hours|two hours|2 hours|long evening|take my time|slow smoke|marathon|large cigar|long one|big one|long session|plenty of time) /.test(t)) out.push('long');
  if (/ (celebrat\w*|special occasion|special day|birthday|wedding|promotion|promoted|new baby|baby is born|graduation|retirement|milestone|engagement|gift|present for|to mark|big day)/.test(t)
    || (/ anniversary /.test(t) && !/ \d+(st|nd|rd|th) anniversary | anniversary series /.test(t))) out.push('celebration');
  if (/ (beginner|beginners|novice|newbie|new to cigars|first cigar|never smoked|just starting|getting into cigars|first time) /.test(t)) out.push('beginner');
  return out;
}

export function parseDrink(t: string): Drink | null {
  if (/ (whisky|whiskey|scotch|bourbon|rye|single malt|islay|speyside) /.test(t)) return 'whisky';
  if (/ (port|porto) /.test(t) && !/ (support|passport|airport|report|import|export) /.test(t.replace(/ (support|passport|airport|report|import|export) /g, ' '))) return 'port';
  if (/ (cognac|brandy|armagnac) /.test(t)) return 'cognac';
  if (/ (rum|rhum) /.test(t)) return 'rum';
  if (/ (champagne|prosecco|cava|sparkling) /.test(t)) return 'champagne';
  if (/ (beer|stout|porter|ale|ipa|lager|pilsner) /.test(t)) return 'beer';
  if (/ (wine|red wine|cabernet|malbec) /.test(t)) return 'wine';
  if (/ (tea|oolong|earl grey|matcha) /.test(t)) return 'tea';
  if (/ (coffee|espresso|latte|cappuccino|americano|cortado|flat white) /.test(t)) return 'coffee';
  return null;
}

export function parsePrice(t: string): { max: number | null } | null {
  const dollars = / \$ ?(\d+(?:\.\d+)?) /.exec(t) ?? / \$(\d+(?:\.\d+)?) /.exec(t) ?? / (\d+(?:\.\d+)?) ?(dollars|bucks|usd|euros?|pounds) /.exec(t);
  const cue = / (cheap|cheaper|cheapest|budget|affordable|inexpensive|bargain|low cost|price|prices|priced|pricing|cost|costs|how much|expensive|pricey|value for money|under \$|less than \$) /.test(t);
  if (!dollars && !cue) return null;
  return { max: dollars ? Number(dollars[1]) : null };
}

/**
 * A purchase named as the moment before the question, not as what it asks for: "how long should I rest cigars after
 * buying them", "once purchased, do they go straight into the humidor". Such a question is about resting or storing
 * what the member has (education) and is answered; a buying word outside such a phrase ("where can I buy", "what to
 * check when buying") still makes the message a sales request.
 */
const PURCHASE_MOMENTS: readonly RegExp[] = [
  / (after|since|once|right after|just after|soon after|straight after) (i |you |we |one )?(have |had |just |first )?(buy|buying|purchase|purchasing)( them| it| one| a box| a few| some| cigars| my cigars| new cigars| sticks)? /g,
];
const BUYING = / (buy|buying|purchase|purchasing|procure) /;

/** True when the message asks to buy: a buying word that is not only the moment of another question (PURCHASE_MOMENTS). */
export function asksToBuy(t: string): boolean {
  if (!BUYING.test(t)) return false;
  return BUYING.test(PURCHASE_MOMENTS.reduce((rest, moment) => rest.replace(moment, ' '), t));
}

/** Sales, shipping, prices to order, sellers: never facilitated. */
export function isSalesRequest(t: string): boolean {
  if (asksToBuy(t)) return true;
  if (/ (order|ordering) (some|a box|a few|cigars?|online|from|them|it|these|those|boxes|a case|a bundle|cubans?) | place an order | mail order | pre ?order /.test(t)) return true;
  if (/ (ship|ships|shipping|shipped|deliver|delivers|delivery|courier|customs|smuggl\w*) /.test(t)) return true;
  if (/ import(ing)? (cigars|cubans|cuban cigars|tobacco|boxes|them) | bring (cigars|cubans|them|a box) (back|home|into|through|across) /.test(t)) return true;
  if (/ (sell|sells|selling|seller|sellers|resell|reselling|for sale|retailer|retailers|stockist|stockists|distributor|distributors|wholesale|coupon|discount code|promo code|in stock|out of stock|cheapest place|best price|best deal|deals on|tobacconists?|vendors? of) /.test(t)) return true;
  if (/ (cigar|tobacco|smoke|online|local|nearest|nearby|cheap|cheapest|duty free|a|the|good|best) (shop|shops|store|stores|shoppe|dealer|dealers|website that sells|outlet|outlets) /.test(t)) return true;
  if (/ (price|prices|cost) (to order|of a box|for a box|per box) | how much (is|are|for|does|do) (a |the )?box/.test(t)) return true;
  const where = / where (can|do|could|should|would|to|might|is the best place to) (i |we |you |one )?(get|find|grab|score|source|pick up|acquire|obtain|get hold of|lay my hands on) (.*)$/.exec(t);
  if (where) {
    const obj = ` ${where[4] ?? ''} `;
    const app = / (wishlist|humidor|settings|reviews?|events?|my |the app|page|button|tab|support|lounges?|profile|feed|catalog|search|recommendations|masterclass|learn) /.test(obj);
    if (!app) return true;
  }
  return false;
}

export function isMinorsRequest(t: string): boolean {
  return / (minor|minors|underage|under age|teen|teens|teenager|teenagers|teenage|kid|kids|child|children|high school|highschool|too young|fake id|(i am|im|i m) (1[0-7]|[5-9]|thirteen|fourteen|fifteen|sixteen|seventeen)|(1[0-7]|[5-9]|thirteen|fourteen|fifteen|sixteen|seventeen) (years? old|yo|year old)) /.test(t);
}

const ACCESSORY = / (humidor|humidors|lighter|lighters|cutter|cutters|hygrometer|hygrometers|ashtray|ashtrays|humidity packs?|cigar case|travel case|accessor\w*|torch) /;
const TOBACCO = / (cigar|cigars|tobacco|box of|sticks?|cubans?|cohibas?|padrons?|brand) /;

/** Buying accessories, not tobacco (a humidor, a cutter): general advice, no shops. */
const isAccessoryPurchase = (t: string) => ACCESSORY.test(t) && !TOBACCO.test(t.replace(/ cigar (case|cutter|cutters|lighter|lighters|humidor|humidors|accessor\w*) /g, ' '));

/**
 * The refusal a normalized message gets before anything else is read (docs/decisions.md, "VitolAI"): anything for
 * minors; a request to buy, sell, order or ship tobacco (isSalesRequest), accessories aside. Null: it is answered.
 */
export function refusalOf(t: string): 'refuse-sales' | 'refuse-minors' | null {
  if (isMinorsRequest(t)) return 'refuse-minors';
  if (isSalesRequest(t) && !isAccessoryPurchase(t)) return 'refuse-sales';
  return null;
}

// ------------------------------------------------------------------ knowledge lookup

interface CompiledEntry { entry: KnowledgeEntry; keys: { parts: RegExp[]; w: number }[]; related: RegExp[] }

const phraseRe = (p: string) => new RegExp(`(^|\\s)${escapeRe(normalize(p).trim())}(s|es)?(?=\\s|$)`);

const COMPILED: readonly CompiledEntry[] = KNOWLEDGE.map((entry) => {
  const w = entry.weight ?? 3;
  return {
    entry,
    keys: entry.keywords.map((k) => {
      const parts = k.split('+').map(phraseRe);
      return { parts, w: parts.length > 1 ? w + 2 * (parts.length - 1) : w };
    }),
    related: (entry.related ?? []).map(phraseRe),
  };
});

export function scoreKnowledge(t: string): { entry: KnowledgeEntry; score: number }[] {
  const out: { entry: KnowledgeEntry; score: number }[] = [];
  for (const c of COMPILED) {
    let s = 0;
    for (const k of c.keys) if (k.parts.every((re) => re.test(t))) s += k.w;
    for (const r of c.related) if (r.test(t)) s += 1;
    if (s > 0) out.push({ entry: c.entry, score: s });
  }
  return out.sort((a, b) => b.score - a.score || a.entry.id.localeCompare(b.entry.id));
}

// ------------------------------------------------------------------ brands and cigars

/** Words too common to identify a line on their own. */
const GENERIC = new Set([
  'the', 'a', 'an', 'of', 'de', 'la', 'el', 'y', 'and', 'no', 'serie', 'series', 'collection', 'edition', 'especial', 'special',
  'reserve', 'reserva', 'robusto', 'toro', 'churchill', 'corona', 'torpedo', 'belicoso', 'lancero', 'gordo', 'petit', 'petite',
  'double', 'gran', 'grande', 'short', 'classic', 'original', 'white', 'black', 'red', 'brown', 'label', 'vintage', 'edge',
  'maduro', 'connecticut', 'sun', 'grown', 'box', 'pressed', 'habanos', 'cigar', 'cigars', 'new', 'world', 'one', 'like',
  'something', 'similar', 'magnum', 'piramide', 'piramides', 'perfecto', 'figurado', 'lonsdale', 'panatela', 'extra', 'big',
  'small', 'long', 'dark', 'nicaragua', 'dominican', 'cuban', 'honduran', 'nicaraguan', 'blend', 'line', 'signature', 'gold',
]);

const PUNCH_TOOL = / (punch cut|punch cutter|cut|cuts|cutting|cutter|cutters|guillotine|v cut|clip|hole in the cap) /;
const MY_FATHER_FAMILY = / (for|to|with|and|gift|birthday|present|dad|help) my father | my father (is|was|has|had|smokes|smoked|likes|liked|loves|loved|turns|turned|s|wants|always|used) /;

export function parseBrands(t: string, idx: CatalogIndex): { ids: string[]; rest: string } {
  const ids: string[] = [];
  let rest = t;
  for (const b of idx.brands) {
    if (b.id === 'punch' && PUNCH_TOOL.test(t)) continue;
    if (b.id === 'my-father' && MY_FATHER_FAMILY.test(t)) continue;
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
export function matchCigars(phrase: string, idx: CatalogIndex, loose: boolean): { ids: string[]; byName: boolean } {
  const t = normalize(phrase);
  const { ids: brandIds } = parseBrands(t, idx);
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
      const generic = GENERIC.has(tok) || f.brandTokens.includes(tok);
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

const QUESTION = / (what|whats|which|how|why|when|who|explain|tell me|describe|define|meaning|mean|means|difference|differences|vs|versus|compare|is it|are there|do i|does|should i|can i|can you|is there|teach me|guide|best way|right way|proper way|way to|tips?|steps|advice|tutorial) /;
const REC_VERB = / (recommend|recommendation|recommendations|suggest|suggestion|suggestions|pick me|pick one|pick a|what cigar|what should i smoke|which cigar|looking for|in the mood|give me|i want|i would like|id like|want a|want something|need a|need something|find me|surprise me|something|anything|any good|try next|should i try|options|ideas|alternative|alternatives|a cigar for|a cigar to|a cigar with|a cigar that|cigar for a|smoke for|stick for) /;
const QUALITY = / (good|best|great|nice|solid|decent|favou?rite|top|excellent|recommended|popular) (?!(way|time|idea|practice|humidity|temperature|place|spot) )/;
const CIGAR_NOUN = / (cigar|cigars|smoke|stick|sticks|one) /;
/** "a good cigar", "the best maduro": asking for cigars, not for facts. */
const GOOD_CIGAR = / (good|best|great|nice|solid|decent|favou?rite|top|excellent) (\w+ )?(cigar|cigars|smoke|stick|sticks|maduros?|robustos?|toros?|churchills?|coronas?|lanceros?|torpedos?|belicosos?|cubans?|connecticuts?|habanos?|nicaraguans?|dominicans?|hondurans?) /;
const CIGAR_WORDS = / (cigar|cigars|smoke|smoking|stick|sticks|tobacco|humidor|wrapper|binder|filler|vitola|puro|ash|draw|burn|lounge|torcedor|vitolai|wishlist|review|reviews|event|events|premium) /;
const INFO_CUE = / (tell me about|tell me more|more about|what is the|whats the|what about the|how is the|how s the|describe|info on|information on|details|details on|how strong is|how long does|is the .+ (good|strong|mild|worth)|what do you think of|your take on|thoughts on|opinion on) /;
const LIKED = / i (really |truly )?(love|loved|like|liked|enjoy|enjoyed|dig|adore|adored|rate|rated) /;
/** "what do you think of Macanudo": about a brand as a whole. */
const BRAND_INFO = / (what do you think of|tell me about|thoughts on|opinion on|your take on|what is|whats|who makes|how is|how good is|know about|is) [a-z ]{0,30}$| (brand|marque|company|maker) /;
/** "something like my favourite": the member's best-rated cigar. */
const FAVOURITE = / my (favou?rite|fave|top rated|best rated|highest rated|usual|go to)( cigar| smoke| one)? /;
const SIMILAR_ALL = / (like|similar to|comparable to|close to|in the style of|in the vein of|along the lines of|alternative to|alternatives to|instead of|resembles?|reminds me of) /g;
/** "I'd like", "I like", "would like": a preference, not a comparison. */
const PREFERENCE_LIKE = / (id|i would|would|i|you|we|do you|feel|they|dont|do) like $/;
const SMOKE_NEXT = / ((smoke|light|have|grab|pull|open|reach for|try)( up)? next|next smoke|next cigar|(from|in|out of) my (humidor|collection|stash|cabinet|box)|what should i (smoke|light)( tonight| today| now)? from|which of my (cigars|sticks)|what do i have|whats ready|ready to smoke|my own cigars) /;
const GREETING = /^ (hi|hello|hey|hiya|hola|howdy|greetings|yo|good (morning|afternoon|evening|day))( there| vitolai| friend| all| team)? /;
const CAPABILITIES = / (what can you do|who are you|what are you|what is vitolai|whats vitolai|how can you help|what do you do|how does this work|what can i ask|help me out|introduce yourself) /;
const THANKS = / (thanks|thank you|thx|ty|cheers|appreciate it|much appreciated|many thanks) /;
const FOLLOW_CUE = / (stronger|milder|lighter|bolder|fuller|weaker|smoother|another|other|others|else|different|instead|what about|how about|same but|shorter|longer|bigger|smaller|thicker|thinner|one more|more like|more options|alternatives?|too strong|too mild|too long|too short) |^ (and|or|but|what about|how about|maybe|ok|okay|now|then|in|with|from) /;
const ANOTHER = / (another|other|others|else|different|one more|more options|more like|new ones?|something new|alternatives?) /;

const baseUnderstanding = (): Understanding => ({
  intent: 'unclear', filters: emptyFilters(), occasions: [], drink: null, similarTo: null, cigarRef: null,
  relative: null, limit: null, size: null, another: false, followUp: false, price: null, topics: [], greeting: false,
  accessory: false, previous: [], named: [],
});

/**
 * Step 1: what is answered before anything else is read: a refusal (minors, sales; accessories get advice), a
 * greeting or a thank-you. Otherwise the message's core: the text without its greeting.
 */
function readOpening(t: string, base: Understanding): { done: Understanding } | { core: string; greeting: boolean } {
  const refused = refusalOf(t);
  if (refused) return { done: { ...base, intent: refused } };
  // A sales request that was not refused is about accessories.
  if (isSalesRequest(t)) {
    return { done: { ...base, intent: 'education', accessory: true, topics: ['storage-humidity', ...scoreKnowledge(t).map((x) => x.entry.id)].filter((v, i, a) => a.indexOf(v) === i) } };
  }

  const greeting = GREETING.test(t);
  const core = greeting ? ` ${t.replace(GREETING, ' ').trim()} ` : t;
  const coreWords = words(core).filter((w) => !['vitolai', 'there', 'please', 'again'].includes(w));
  if (CAPABILITIES.test(t) || (greeting && coreWords.length <= 2)) return { done: { ...base, intent: 'greeting', greeting: true } };
  if (THANKS.test(t) && words(core.replace(THANKS, ' ')).filter((w) => !['so', 'much', 'a', 'lot', 'great', 'perfect', 'awesome', 'ok', 'okay', 'cool', 'very', 'that', 'helps', 'helped', 'vitolai', 'again', 'for', 'the', 'help', 'tip', 'tips', 'info'].includes(w)).length === 0) {
    return { done: { ...base, intent: 'thanks' } };
  }
  return { core, greeting };
}

/**
 * Step 2: the cigars the message names: "something like X" (X is a reference, not a filter), a cigar asked about,
 * the member's favourite; then the brands it names. `rest` is the text left for the filters.
 */
function readReferences(core: string, idx: CatalogIndex, favourite: string | null) {
  let rest = core;
  let similarTo: string[] | null = null;
  for (const m of core.matchAll(SIMILAR_ALL)) {
    if (PREFERENCE_LIKE.test(core.slice(0, (m.index ?? 0) + m[0].length))) continue;
    const ref = core.slice((m.index ?? 0) + m[0].length).split(/ (but|in a|in an|with|that|which|for|only|except|without|though|although|please|and|or|from) /)[0] ?? '';
    const { ids } = matchCigars(ref, idx, true);
    if (ids.length) { similarTo = ids; rest = core.replace(ref.trim(), ' _ '); break; }
  }
  let cigarRef: string[] | null = null;
  if (!similarTo) {
    const { ids, byName } = matchCigars(core, idx, false);
    if (ids.length && LIKED.test(core) && !INFO_CUE.test(core)) similarTo = ids;
    else if (ids.length && (byName || BRAND_INFO.test(core))) cigarRef = ids;
  }

  if (!similarTo && FAVOURITE.test(core) && favourite) similarTo = [favourite];
  const { ids: brandIds, rest: afterBrands } = parseBrands(rest, idx);
  rest = afterBrands;
  if (cigarRef) for (const id of cigarRef) rest = blank(rest, idx.byId.get(id)!.fullNorm.trim());
  return { similarTo, cigarRef, brandIds, rest };
}

/** Step 3: the filters the rest of the message sets, with the occasion, drink and price it names. */
function readFilters(rest: string, idx: CatalogIndex, refs: ReturnType<typeof readReferences>) {
  const filters = emptyFilters();
  const strength = parseStrength(rest);
  const wrappers = parseWrappers(rest);
  const countries = parseCountries(rest);
  const vitolas = parseVitolas(rest);
  const flavours = parseFlavours(rest);
  const occasions = parseOccasions(rest);
  const drink = parseDrink(rest);
  const price = parsePrice(rest);
  if (strength.levels) { filters.strengths = strength.levels; filters.sources.strength = 'message'; }
  if (wrappers) { filters.wrappers = wrappers; filters.sources.wrapper = 'message'; }
  if (countries) { filters.countries = countries; filters.sources.country = 'message'; }
  if (vitolas) { filters.vitolas = vitolas; filters.sources.vitola = 'message'; }
  if (flavours && !drink) { filters.flavours = flavours; filters.sources.flavour = 'message'; }
  if (flavours && drink) { const f = flavours.filter((x) => x !== 'coffee'); if (f.length) { filters.flavours = f; filters.sources.flavour = 'message'; } }
  const refBrands = new Set((refs.similarTo ?? []).map((id) => idx.byId.get(id)?.cigar.brandId));
  const wanted = refs.brandIds.filter((b) => !refBrands.has(b));
  if (wanted.length && !refs.cigarRef) { filters.brandIds = wanted; filters.sources.brand = 'message'; }
  if (/ puros? /.test(rest) && countries?.length === 1 && PRODUCTION_COUNTRIES.includes(countries[0]!)) { filters.puro = true; filters.sources.puro = 'message'; }
  applyOccasions(filters, occasions, drink);
  return { filters, strength, occasions, drink, price };
}

/**
 * Step 4: the intent, by weighing how much the message asks for cigars (recommend), for facts (education) and for
 * help with the app (platform).
 */
function chooseIntent(u: Understanding, s: { core: string; rest: string; message: string; topic: EngineRequest['topic']; topics: ReturnType<typeof scoreKnowledge> }): Understanding {
  const { core, rest, topic, topics } = s;
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
export function understandMessage(message: string, idx: CatalogIndex, topic: EngineRequest['topic'] = 'general', favourite: string | null = null): Understanding {
  const t = normalize(message);
  const base = baseUnderstanding();
  const opening = readOpening(t, base);
  if ('done' in opening) return opening.done;
  const { core, greeting } = opening;
  const refs = readReferences(core, idx, favourite);
  const { filters, strength, occasions, drink, price } = readFilters(refs.rest, idx, refs);
  const topics = scoreKnowledge(core);
  const u: Understanding = {
    ...base, filters, occasions, drink, similarTo: refs.similarTo, cigarRef: refs.cigarRef, relative: strength.relative,
    size: / (shorter|smaller|quicker) /.test(refs.rest) ? 'shorter' : / (longer|bigger|larger) /.test(refs.rest) ? 'longer' : null,
    another: ANOTHER.test(core), price, greeting,
    topics: topics.map((x) => x.entry.id),
  };
  return chooseIntent(u, { core, rest: refs.rest, message, topic, topics });
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

const ORDINALS: readonly [RegExp, number][] = [
  [/ (first|1st|number one|number 1|no 1|#1) (one|cigar|pick|suggestion)? /, 0],
  [/ (second|2nd|number two|number 2|middle) (one|cigar|pick|suggestion)? /, 1],
  [/ (third|3rd|number three|number 3) (one|cigar|pick|suggestion)? /, 2],
  [/ (last) (one|cigar|pick|suggestion) /, -1],
];

/**
 * Reads the current message in the light of the chat so far: follow-ups refine the previous recommendation,
 * "the second one" points at the previous answer's second cigar, and cigars already suggested are remembered.
 */
export function understandConversation(catalog: readonly EngineCigar[], req: Pick<EngineRequest, 'message' | 'history' | 'topic'>, favourite: string | null = null): Understanding {
  const idx = indexCatalog(catalog);
  let prev: Understanding | null = null;
  let previous: string[] = [];
  const named: string[] = [];
  for (const turn of req.history as ChatTurn[]) {
    if (turn.role === 'assistant') {
      const ids = cigarsNamedIn(turn.content, idx);
      if (ids.length) { previous = ids; named.push(...ids); }
      continue;
    }
    const u = understandMessage(turn.content, idx, req.topic, favourite);
    const merged: Understanding = prev && (prev.intent === 'recommend') && isFollowUp(turn.content, u)
      ? resolveRelative(mergeFollowUp(prev, u), previous, prev, idx) : resolveRelative(u, [], null, idx);
    if (['recommend', 'smoke-next', 'education', 'cigar-info', 'platform'].includes(merged.intent)) prev = merged;
    previous = [];
  }

  let cur = understandMessage(req.message, idx, req.topic, favourite);
  const t = normalize(req.message);
  // "the second one", "the last one": the previous answer's cigars.
  if (previous.length && ['unclear', 'off-topic', 'education', 'recommend', 'cigar-info'].includes(cur.intent) && !cur.cigarRef) {
    for (const [re, i] of ORDINALS) {
      if (!re.test(t)) continue;
      const id = i < 0 ? previous[previous.length - 1] : previous[i];
      if (!id) break;
      cur = / (like|similar|more like) /.test(t)
        ? { ...cur, intent: 'recommend', similarTo: [id] }
        : { ...cur, intent: 'cigar-info', cigarRef: [id] };
      break;
    }
  }
  if (prev && isFollowUp(req.message, cur)) {
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

function isFollowUp(message: string, u: Understanding): boolean {
  if (['refuse-sales', 'refuse-minors', 'greeting', 'thanks', 'smoke-next', 'platform'].includes(u.intent)) return false;
  const t = normalize(message);
  if (FOLLOW_CUE.test(t)) return true;
  // A bare refinement: "torpedo?", "Nicaraguan maduro?"
  return hasRefinement(u) && words(t).length <= 4 && !REC_VERB.test(t);
}

export const strengthLabel = (levels: readonly StrengthLevel[]): string => {
  const ranks = levels.map(strengthRank).sort((a, b) => a - b);
  const lo = STRENGTHS[ranks[0]!]!;
  const hi = STRENGTHS[ranks[ranks.length - 1]!]!;
  return lo === hi ? lo : `${lo} to ${hi}`;
};
