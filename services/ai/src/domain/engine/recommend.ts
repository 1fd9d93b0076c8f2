import type { ContentLanguage } from '../content.ts';
import {
  cigarTitle, featuresOf, indexCatalog, roundTo5, strengthRank,
  type CatalogIndex, type CigarFeatures, type WrapperTag,
} from './catalog.ts';
import { knowledgeIn, type Drink } from './knowledge.ts';
import { ENGLISH_WORDS, wordsIn, type Words } from './templates.ts';
import { PRODUCTION_COUNTRIES, VITOLA_FAMILIES, type FilterKey, type Filters, type Occasion, type Source } from './understand.ts';
import type { EngineCigar, MemberContext, MemberHumidorItem, MemberReview, StrengthLevel } from './types.ts';

/**
 * Ranking catalog cigars for a request and a member, and the member's own humidor for "what next". Pure and
 * deterministic: every ordering ends on the cigar or item id.
 */

const DAY_MS = 86_400_000;
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

// ------------------------------------------------------------------ the member's taste

export interface Taste {
  strength: number[];
  tags: Map<WrapperTag, number>;
  countries: Map<string, number>;
  brands: Map<string, number>;
  lines: Map<string, number>;
  flavours: Map<string, number>;
  /** Reviews of 80 or more with their catalog cigar, best first. */
  liked: { review: MemberReview; f: CigarFeatures }[];
  /** Reviews of 60 or less. */
  disliked: { review: MemberReview; f: CigarFeatures | null }[];
  /** The member's latest review of each cigar. */
  reviewed: Map<string, MemberReview>;
  held: Map<string, number>;
  wish: Map<string, number>;
  /** Weighted mean strength rank of what they like, or null. */
  centre: number | null;
  /** Whether anything at all says what they like. */
  hasSignal: boolean;
  hasReviews: boolean;
  /** The largest absolute value of each map (to scale scores to -1..1). */
  norms: { strength: number; tags: number; countries: number; flavours: number; brands: number; lines: number };
}

const reviewWeight = (r: MemberReview) => clamp((r.overallScore - 72) / 18, -1.5, 1.2);
const add = <K>(m: Map<K, number>, k: K, v: number) => m.set(k, (m.get(k) ?? 0) + v);

const tasteCache = new WeakMap<MemberContext, WeakMap<CatalogIndex, Taste>>();

export function tasteOf(member: MemberContext, idx: CatalogIndex): Taste {
  const hit = tasteCache.get(member)?.get(idx);
  if (hit) return hit;
  const t: Taste = {
    strength: [0, 0, 0, 0, 0], tags: new Map(), countries: new Map(), brands: new Map(), lines: new Map(), flavours: new Map(),
    liked: [], disliked: [], reviewed: new Map(), held: new Map(), wish: new Map(), centre: null, hasSignal: false, hasReviews: member.reviews.length > 0,
    norms: { strength: 1, tags: 1, countries: 1, flavours: 1, brands: 1, lines: 1 },
  };
  const feed = (f: CigarFeatures, w: number) => {
    t.strength[f.rank]! += w;
    if (f.rank > 0) t.strength[f.rank - 1]! += w * 0.4;
    if (f.rank < 4) t.strength[f.rank + 1]! += w * 0.4;
    for (const tag of f.tags) add(t.tags, tag, w / f.tags.size);
    add(t.countries, f.cigar.country, w);
    add(t.brands, f.cigar.brandId, w);
    add(t.lines, f.lineKey, w);
    for (const fl of f.flavours.slice(0, 4)) add(t.flavours, fl, w * 0.5);
  };
  // Reviews, oldest first so the latest review of a cigar wins.
  const reviews = [...member.reviews].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.reviewId.localeCompare(b.reviewId));
  let centreSum = 0;
  let centreW = 0;
  for (const r of reviews) {
    t.reviewed.set(r.cigarId, r);
    const w = reviewWeight(r);
    for (const tag of r.flavorTags) {
      const canon = TAG_FLAVOUR[tag.trim().toLowerCase()];
      if (canon) add(t.flavours, canon, w * 0.6);
    }
    const f = idx.byId.get(r.cigarId);
    if (!f) continue;
    feed(f, w);
    if (w > 0) { centreSum += f.rank * w; centreW += w; }
  }
  for (const r of t.reviewed.values()) {
    const f = idx.byId.get(r.cigarId) ?? null;
    if (r.overallScore >= 80 && f) t.liked.push({ review: r, f });
    if (r.overallScore <= 60) t.disliked.push({ review: r, f });
  }
  t.liked.sort((a, b) => b.review.overallScore - a.review.overallScore || a.review.cigarId.localeCompare(b.review.cigarId));
  for (const item of member.humidor) {
    if (item.quantity > 0) add(t.held, item.cigarId, item.quantity);
    const f = idx.byId.get(item.cigarId);
    if (f) feed(f, 0.15);
  }
  for (const w of member.wishlist) {
    t.wish.set(w.cigarId, w.priority);
    const f = idx.byId.get(w.cigarId);
    if (f) feed(f, 0.25);
  }
  if (member.preferredStrength) {
    // A hint (the page may derive it): it counts, but less than what the member actually rated.
    const r = strengthRank(member.preferredStrength);
    const w = centreW > 0 ? 0.4 : 0.8;
    t.strength[r]! += w;
    if (r > 0) t.strength[r - 1]! += w * 0.4;
    if (r < 4) t.strength[r + 1]! += w * 0.4;
    centreSum += r * w * 0.5;
    centreW += w * 0.5;
  }
  t.centre = centreW > 0 ? centreSum / centreW : null;
  t.norms = {
    strength: maxAbs(t.strength), tags: maxAbs(t.tags.values()), countries: maxAbs(t.countries.values()),
    flavours: maxAbs(t.flavours.values()), brands: maxAbs(t.brands.values()), lines: maxAbs(t.lines.values()),
  };
  t.hasSignal = member.reviews.length > 0 || member.humidor.length > 0 || member.wishlist.length > 0 || member.preferredStrength !== null;
  const byIdx = tasteCache.get(member) ?? new WeakMap<CatalogIndex, Taste>();
  byIdx.set(idx, t);
  tasteCache.set(member, byIdx);
  return t;
}

/** Review flavour tags (the form's, and common free-typed ones) to the engine's flavour words. */
const TAG_FLAVOUR: Record<string, string> = {
  cedar: 'cedar', leather: 'leather', cocoa: 'cocoa', chocolate: 'cocoa', coffee: 'coffee', espresso: 'coffee',
  pepper: 'pepper', earth: 'earth', earthy: 'earth', cream: 'cream', creamy: 'cream', nuts: 'nut', nut: 'nut', nutty: 'nut',
  spice: 'spice', spicy: 'spice', citrus: 'citrus', honey: 'honey', wood: 'wood', woody: 'wood', sweet: 'sweet',
  caramel: 'sweet', toast: 'toast', toasty: 'toast', floral: 'floral', fruit: 'fruit', grass: 'grass', hay: 'grass',
};

const maxAbs = (values: Iterable<number>) => {
  let m = 0;
  for (const v of values) m = Math.max(m, Math.abs(v));
  return m || 1;
};

/** How well a cigar fits the member's taste, -1 to 1 (0 when nothing is known). */
export function tasteScore(f: CigarFeatures, t: Taste): number {
  if (!t.hasSignal) {
    // Nothing known yet: balanced, approachable cigars first.
    return 0.3 * (1 - Math.abs(f.rank - 2) / 2);
  }
  const n = t.norms;
  const sStrength = t.strength[f.rank]! / n.strength;
  let best = -Infinity;
  let worst = Infinity;
  for (const tag of f.tags) {
    const v = (t.tags.get(tag) ?? 0) / n.tags;
    if (v > best) best = v;
    if (v < worst) worst = v;
  }
  // Any liked wrapper family counts; only when every family is disliked does the worst count.
  const sTags = best > 0 ? best : best < 0 ? worst : 0;
  const sCountry = (t.countries.get(f.cigar.country) ?? 0) / n.countries;
  let flSum = 0;
  const fls = Math.min(4, f.flavours.length);
  for (let i = 0; i < fls; i++) flSum += t.flavours.get(f.flavours[i]!) ?? 0;
  const sFlav = fls ? clamp(flSum / (n.flavours * Math.min(3, fls)), -1, 1) : 0;
  const sBrand = (t.brands.get(f.cigar.brandId) ?? 0) / n.brands;
  const sLine = (t.lines.get(f.lineKey) ?? 0) / n.lines;
  return clamp(0.35 * sStrength + 0.2 * sTags + 0.15 * sCountry + 0.15 * sFlav + 0.1 * sBrand + 0.05 * sLine, -1, 1);
}

// ------------------------------------------------------------------ similarity

export interface Profile {
  ids: Set<string>;
  rank: number;
  tags: Set<WrapperTag>;
  countries: Set<string>;
  flavours: Set<string>;
  vitolas: Set<string>;
  ring: number;
  length: number;
  lineKeys: Set<string>;
  brandIds: Set<string>;
  title: string;
}

/** The shared profile of one cigar, a line or a brand. */
export function profileOf(ids: readonly string[], idx: CatalogIndex, w: Words = ENGLISH_WORDS): Profile | null {
  const fs = ids.map((id) => idx.byId.get(id)).filter((f): f is CigarFeatures => f !== undefined);
  if (!fs.length) return null;
  const first = fs[0]!;
  const brands = new Set(fs.map((f) => f.cigar.brandId));
  const lines = new Set(fs.map((f) => f.lineKey));
  const title = fs.length === 1 ? cigarTitle(first.cigar)
    : lines.size === 1 ? commonLineTitle(fs)
      : brands.size === 1 ? w.fill(w.t.reason.range, { brand: first.cigar.brandName }) : cigarTitle(first.cigar);
  const mean = (g: (f: CigarFeatures) => number) => fs.reduce((s, f) => s + g(f), 0) / fs.length;
  return {
    ids: new Set(fs.map((f) => f.cigar.id)),
    rank: mean((f) => f.rank),
    tags: new Set(fs.flatMap((f) => [...f.tagSet])),
    countries: new Set(fs.map((f) => f.cigar.country)),
    flavours: new Set(fs.flatMap((f) => f.flavours.slice(0, 4))),
    vitolas: new Set(fs.map((f) => f.cigar.vitola)),
    ring: mean((f) => f.cigar.ringGauge),
    length: mean((f) => f.cigar.length),
    lineKeys: lines,
    brandIds: brands,
    title,
  };
}

/** "Padrón 1964 Anniversary Series": the words every cigar of a line shares. */
function commonLineTitle(fs: CigarFeatures[]): string {
  const names = fs.map((f) => f.cigar.name.split(' '));
  const common: string[] = [];
  for (let i = 0; i < names[0]!.length; i++) {
    const w = names[0]![i]!;
    if (names.every((n) => n[i] === w)) common.push(w); else break;
  }
  return `${fs[0]!.cigar.brandName} ${common.join(' ')}`.trim();
}

const jaccard = <T>(a: Set<T>, b: Set<T>) => {
  if (!a.size && !b.size) return 0;
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter);
};

/** 0-1: strength, wrapper family, country, flavour words, vitola and ring gauge. */
export function similarity(f: CigarFeatures, p: Profile): number {
  return 0.3 * (1 - Math.abs(f.rank - p.rank) / 4)
    + 0.15 * jaccard(f.tagSet, p.tags)
    + 0.2 * (p.countries.has(f.cigar.country) ? 1 : 0)
    + 0.2 * jaccard(f.flavourSet, p.flavours)
    + 0.05 * (p.vitolas.has(f.cigar.vitola) ? 1 : 0)
    + 0.05 * (1 - Math.min(1, Math.abs(f.cigar.ringGauge - p.ring) / 16))
    + 0.05 * (1 - Math.min(1, Math.abs(f.cigar.length - p.length) / 3));
}

// ------------------------------------------------------------------ reasons

/** A country's adjective ("Nicaraguan") in the answer's language. */
export const countryAdjective = (c: string, w: Words = ENGLISH_WORDS) => w.country(c, 'adjective');

/** "Connecticut-shade wrapper over Dominican filler", "Nicaraguan puro (natural or maduro wrapper)". */
export function leafPhrase(c: EngineCigar, f: CigarFeatures, w: Words = ENGLISH_WORDS): string {
  const r = w.t.reason;
  const adj = countryAdjective(c.country, w);
  if (f.puro) {
    // The catalog writes its wrappers in English ("Nicaraguan (natural or maduro)"): its own adjective is taken off.
    const detail = c.wrapper.replace(new RegExp(`^${ENGLISH_WORDS.country(c.country, 'adjective')}\\s*`), '').trim();
    if (!detail) return w.fill(r.puro, { country: adj });
    const m = /^(.*?)\s*\((.+)\)$/.exec(detail);
    const main = m ? m[1]! : detail;
    const paren = m ? m[2]! : '';
    if (!main) return w.fill(r.puroWrapper, { country: adj, wrapper: lowerShade(paren), detail: '' });
    return w.fill(r.puroWrapper, { country: adj, wrapper: lowerShade(main), detail: paren ? w.fill(r.puroDetail, { detail: paren }) : '' });
  }
  const wrapper = (r.wrapperNames as Record<string, string>)[c.wrapper] ?? c.wrapper;
  return w.fill(r.leaves, { wrapper, filler: c.filler });
}

/** Shade words are common nouns ("a natural or maduro wrapper"); varieties stay capitalised ("Habano", "Corojo"). */
const lowerShade = (s: string) => s.replace(/\b(Natural|Maduro|Rosado|Oscuro|Sun Grown)\b/g, (w) => w.toLowerCase());

/** "notes of cream, nuts and cedar", or the description's own words ("rich and smooth") when it names no flavour. */
export function flavourPhrase(f: CigarFeatures, n = 3, w: Words = ENGLISH_WORDS): string {
  const nouns = w.t.flavourNoun as Record<string, string>;
  const descriptors = w.t.descriptors as Record<string, string>;
  if (f.flavours.length) return w.fill(w.t.reason.notesOf, { flavours: w.list(f.flavours.slice(0, n).map((x) => nouns[x] ?? x)) });
  if (f.descriptors.length) return w.list(f.descriptors.slice(0, 2).map((x) => descriptors[x] ?? x));
  return '';
}

export const minutesLabel = (f: CigarFeatures, w: Words = ENGLISH_WORDS) => w.fill(w.t.minutes, { minutes: w.num(roundTo5(f.minutes)) });

export interface ReasonContext {
  taste: Taste;
  similar?: Profile | null;
  occasions?: readonly Occasion[];
  drink?: Drink | null;
  preferred?: StrengthLevel | null;
  /** Reviewed cigars already cited in this answer (so three reasons do not repeat the same sentence). */
  cited?: Map<string, number>;
  /** The answer's language (English when not given). */
  words?: Words;
}

/** One line naming concrete attributes, and why it suits this member when something says so. */
export function reasonFor(f: CigarFeatures, ctx: ReasonContext): string {
  const w = ctx.words ?? ENGLISH_WORDS;
  const r = w.t.reason;
  const c = f.cigar;
  const flav = flavourPhrase(f, 3, w);
  const flavour = flav ? w.fill(f.flavours.length ? r.notes : r.descriptors, { flavour: flav }) : '';
  const base = w.fill(r.base, { leaf: leafPhrase(c, f, w), strength: w.t.strength[c.strength], flavour });
  const personal = personalNote(f, ctx, w);
  return personal ? w.fill(r.withPersonal, { base, personal }) : base;
}

function personalNote(f: CigarFeatures, ctx: ReasonContext, w: Words): string {
  const { taste } = ctx;
  const r = w.t.reason;
  const nouns = w.t.flavourNoun as Record<string, string>;
  const notes: string[] = [];
  if (ctx.similar) {
    const p = ctx.similar;
    const same: string[] = [];
    if (Math.round(p.rank) === f.rank) same.push(w.fill(r.sameStrength, { strength: w.t.strength[f.cigar.strength] }));
    if (p.countries.has(f.cigar.country)) same.push(w.country(f.cigar.country, 'of'));
    const fl = f.flavours.filter((x) => p.flavours.has(x)).slice(0, 2).map((x) => nouns[x] ?? x);
    const parts = [same.length ? w.fill(r.also, { items: w.list(same) }) : '', fl.length ? w.fill(r.sameFlavours, { flavours: w.list(fl) }) : ''].filter(Boolean);
    notes.push(parts.length ? w.fill(r.closeTo, { title: p.title, parts: parts.join(r.partsJoin) }) : w.fill(r.changeOfPace, { title: p.title }));
  }
  const likedMatch = notes.length === 0 ? bestLikedMatch(f, taste, w) : null;
  if (likedMatch) {
    const n = ctx.cited?.get(likedMatch.id) ?? 0;
    ctx.cited?.set(likedMatch.id, n + 1);
    notes.push(n === 0 || likedMatch.kind !== 'like' ? likedMatch.text
      : n === 1 ? w.fill(r.closeInStyle, { brand: likedMatch.brand }) : r.anotherFit);
  }
  const wish = taste.wish.get(f.cigar.id);
  if (wish !== undefined) notes.push(r.onWishlist);
  const held = taste.held.get(f.cigar.id);
  if (held) notes.push(w.fill(r.youHave, { count: w.num(held) }));
  if (!notes.length && ctx.preferred && ctx.preferred === f.cigar.strength) notes.push(w.fill(r.preferred, { strength: w.t.strength[ctx.preferred] }));
  const occ = ctx.occasions ?? [];
  if (notes.length < 2) {
    if (occ.includes('morning')) notes.push(r.morning);
    else if (occ.includes('quick')) notes.push(w.fill(r.quick, { minutes: minutesLabel(f, w) }));
    else if (occ.includes('long') || occ.includes('evening')) notes.push(w.fill(r.evening, { minutes: minutesLabel(f, w) }));
    else if (ctx.drink) notes.push(w.fill(r.drink, { strength: w.t.strength[f.cigar.strength], drink: knowledgeIn(w.language).drinks[ctx.drink].label }));
  }
  return notes.slice(0, 2).join(r.personalJoin);
}

interface LikedMatch { id: string; brand: string; kind: 'self' | 'line' | 'like'; text: string }

/** "like the Macanudo Cafe Hyde Park you rated 88": the member's best-rated similar cigar, when there is one. */
function bestLikedMatch(f: CigarFeatures, t: Taste, w: Words): LikedMatch | null {
  let best: { s: number; m: LikedMatch } | null = null;
  const r = w.t.reason;
  for (const { review, f: g } of t.liked) {
    const base = { id: g.cigar.id, brand: g.cigar.brandName };
    const score = w.num(review.overallScore);
    if (g.cigar.id === f.cigar.id) return { ...base, kind: 'self', text: w.fill(r.ratedSelf, { score }) };
    let s: number;
    let m: LikedMatch;
    const title = cigarTitle(g.cigar);
    if (g.lineKey === f.lineKey) { s = 2; m = { ...base, kind: 'line', text: w.fill(r.ratedLine, { cigar: title, score }) }; }
    else {
      s = similarity(f, profileOf([g.cigar.id], indexFor(g))!);
      m = { ...base, kind: 'like', text: w.fill(r.ratedLike, { cigar: title, score }) };
    }
    s += review.overallScore / 1000;
    if (s >= 0.62 && (!best || s > best.s)) best = { s, m };
  }
  return best?.m ?? null;
}

/** A one-cigar index, for profiling a reviewed cigar without the whole catalog at hand. */
const soloIndex = new WeakMap<CigarFeatures, CatalogIndex>();
function indexFor(f: CigarFeatures): CatalogIndex {
  const hit = soloIndex.get(f);
  if (hit) return hit;
  const idx: CatalogIndex = { cigars: [f], byId: new Map([[f.cigar.id, f]]), brands: [], tokenDf: new Map() };
  soloIndex.set(f, idx);
  return idx;
}

// ------------------------------------------------------------------ filters and ranking

export interface Constraint {
  key: FilterKey | 'similar';
  source: Source;
  /** Higher is kept longer when too few cigars match everything. */
  importance: number;
  /** For the answer: "the shape", "Connecticut wrapper". */
  label: string;
  test: (f: CigarFeatures) => boolean;
}

const KEY_WEIGHT: Record<FilterKey | 'similar', number> = {
  flavour: 0, similar: 1, maxLength: 2, minLength: 2, puro: 3, vitola: 4, country: 5, wrapper: 6, brand: 7, strength: 8,
};
const SOURCE_WEIGHT: Record<Source, number> = { occasion: 0, history: 10, message: 20 };

export function constraintsOf(filters: Filters): Constraint[] {
  const out: Constraint[] = [];
  const push = (key: FilterKey, label: string, test: (f: CigarFeatures) => boolean) => {
    const source = filters.sources[key] ?? 'message';
    out.push({ key, source, importance: SOURCE_WEIGHT[source] + KEY_WEIGHT[key], label, test });
  };
  if (filters.strengths) { const s = new Set(filters.strengths); push('strength', 'the strength', (f) => s.has(f.cigar.strength)); }
  if (filters.wrappers) {
    const w = filters.wrappers;
    push('wrapper', 'the wrapper', (f) => { for (const t of w) if (f.tags.has(t)) return true; return false; });
  }
  if (filters.countries) {
    const cs = filters.countries;
    push('country', 'the country', (f) => cs.some((c) => (PRODUCTION_COUNTRIES.includes(c) ? f.cigar.country === c : f.leaves.has(c))));
  }
  if (filters.vitolas) {
    const vs = new Set(filters.vitolas.flatMap((v) => VITOLA_FAMILIES[v].vitolas));
    const gordo = filters.vitolas.includes('gordo');
    push('vitola', 'the shape', (f) => vs.has(f.cigar.vitola) || (gordo && f.cigar.ringGauge >= 58));
  }
  if (filters.brandIds) { const b = new Set(filters.brandIds); push('brand', 'the brand', (f) => b.has(f.cigar.brandId)); }
  if (filters.maxLength !== null) { const m = filters.maxLength; push('maxLength', 'the length', (f) => f.cigar.length <= m + 1e-9); }
  if (filters.minLength !== null) { const m = filters.minLength; push('minLength', 'the length', (f) => f.cigar.length >= m - 1e-9); }
  if (filters.flavours) { const fl = new Set(filters.flavours); push('flavour', 'the flavour', (f) => f.flavours.some((x) => fl.has(x))); }
  if (filters.puro) push('puro', 'the single-country blend', (f) => f.puro);
  return out.sort((a, b) => a.importance - b.importance || a.key.localeCompare(b.key));
}

export interface RankRequest {
  filters: Filters;
  similar: Profile | null;
  occasions: readonly Occasion[];
  drink: Drink | null;
  budget: boolean;
  /** Cigars never to suggest (already named, the reference itself). */
  exclude: ReadonlySet<string>;
  n: number;
}

export interface Ranked {
  f: CigarFeatures;
  score: number;
}

export interface RankResult {
  picks: Ranked[];
  /** Cigars matching every constraint. */
  strictCount: number;
  /** Constraints dropped to reach n picks, least important first. */
  relaxed: Constraint[];
  constraints: Constraint[];
}


/** The request-specific score of one cigar (taste, similarity, occasion, wishlist, what they hold). */
function scoreFor(f: CigarFeatures, taste: Taste, req: RankRequest): number {
  let s = 0.45 * tasteScore(f, taste);
  if (req.similar) {
    s += 1.5 * similarity(f, req.similar);
    if (req.similar.lineKeys.has(f.lineKey)) s -= 0.35;
  }
  const occ = req.occasions;
  const m = f.minutes;
  if (occ.includes('morning') || occ.includes('quick')) s += 0.12 * (1 - Math.min(1, m / 90));
  if (occ.includes('evening') || occ.includes('long')) s += 0.12 * Math.min(1, m / 90);
  if (occ.includes('celebration') && f.marks.celebration) s += 0.25;
  if (occ.includes('beginner') && f.marks.approachable) s += 0.12;
  if (req.budget && f.marks.everyday) s += 0.25;
  if (req.drink === 'port' && f.tags.has('maduro')) s += 0.08;
  if (req.drink === 'rum' && (f.tags.has('cameroon') || f.tags.has('sumatra') || f.tags.has('maduro'))) s += 0.06;
  if ((req.drink === 'coffee' || req.drink === 'champagne') && f.flavours.includes('cream')) s += 0.06;
  if (req.filters.flavours) s += 0.06 * f.flavours.filter((x) => req.filters.flavours!.includes(x)).length;
  // A wrapper asked for: lines offered in one wrapper only before lines offered "natural or maduro".
  if (req.filters.wrappers && f.marks.wrapperOptions) s -= 0.1;
  // The family's own vitola first: a Lancero before a Panatela when a lancero was asked for.
  if (req.filters.vitolas && req.filters.vitolas.some((v) => VITOLA_FAMILIES[v].vitolas[0] === f.cigar.vitola)) s += 0.05;
  const wish = taste.wish.get(f.cigar.id);
  if (wish !== undefined) s += 0.12 + 0.01 * clamp(wish, 0, 5);
  const held = taste.held.get(f.cigar.id) ?? 0;
  if (held >= 3) s -= 0.6; else if (held > 0) s -= 0.15;
  if (taste.reviewed.has(f.cigar.id)) s -= 0.2;
  if (f.marks.award) s += 0.03;
  return s;
}

/**
 * Greedy picks with diversity: the same line twice costs a lot, the same brand a little. `capped` charges a
 * repeat once (for long lists such as quick picks); otherwise every repeat costs again. Either way a penalty
 * only grows as picks are made, so the picks come out sorted by their effective score.
 */
function pickDiverse(pool: Ranked[], n: number, already: Ranked[], brandFilter: boolean, capped = false): Ranked[] {
  const chosen: Ranked[] = [];
  const taken = new Set(already.map((r) => r.f.cigar.id));
  const lineCount = new Map<string, number>();
  const brandCount = new Map<string, number>();
  for (const r of already) { add(lineCount, r.f.lineKey, 1); add(brandCount, r.f.cigar.brandId, 1); }
  const remaining = pool.filter((r) => !taken.has(r.f.cigar.id));
  while (chosen.length < n && remaining.length) {
    let bi = -1;
    let bs = -Infinity;
    for (let i = 0; i < remaining.length; i++) {
      const r = remaining[i]!;
      const lines = lineCount.get(r.f.lineKey) ?? 0;
      const brands = brandFilter ? 0 : brandCount.get(r.f.cigar.brandId) ?? 0;
      const eff = r.score - (capped ? 0.25 * Math.min(1, lines) + 0.06 * Math.min(1, brands) : 0.5 * lines + 0.12 * brands);
      if (eff > bs + 1e-12 || (Math.abs(eff - bs) <= 1e-12 && bi >= 0 && r.f.cigar.id < remaining[bi]!.f.cigar.id)) { bs = eff; bi = i; }
    }
    const r = remaining.splice(bi, 1)[0]!;
    chosen.push({ f: r.f, score: bs });
    add(lineCount, r.f.lineKey, 1);
    add(brandCount, r.f.cigar.brandId, 1);
  }
  return chosen;
}

/** Ranks the catalog for a request: strict matches first, then loosening the least important constraint at a time. */
export function rankCatalog(idx: CatalogIndex, taste: Taste, req: RankRequest): RankResult {
  const constraints = constraintsOf(req.filters);
  if (req.similar) {
    const p = req.similar;
    constraints.push({ key: 'similar', source: 'occasion', importance: KEY_WEIGHT.similar, label: 'the closeness in strength', test: (f) => Math.abs(f.rank - p.rank) <= 1.01 });
    constraints.sort((a, b) => a.importance - b.importance || a.key.localeCompare(b.key));
  }
  const disliked = new Set(taste.disliked.map((d) => d.review.cigarId));
  const candidates: Ranked[] = [];
  for (const f of idx.cigars) {
    if (req.exclude.has(f.cigar.id) || disliked.has(f.cigar.id)) continue;
    candidates.push({ f, score: scoreFor(f, taste, req) });
  }
  candidates.sort((a, b) => b.score - a.score || byId(a.f.cigar, b.f.cigar));
  const brandFilter = Boolean(req.filters.brandIds);
  const active = [...constraints];
  const passes = (f: CigarFeatures) => active.every((c) => c.test(f));
  const strict = candidates.filter((r) => passes(r.f));
  const picks = pickDiverse(strict, req.n, [], brandFilter);
  const relaxed: Constraint[] = [];
  while (picks.length < req.n && active.length) {
    relaxed.push(active.shift()!);
    picks.push(...pickDiverse(candidates.filter((r) => passes(r.f)), req.n - picks.length, picks, brandFilter));
  }
  return { picks, strictCount: strict.length, relaxed: picks.length > Math.min(strict.length, req.n) ? relaxed : [], constraints };
}

// ------------------------------------------------------------------ quick picks

export interface QuickPick {
  cigar: EngineCigar;
  /** 0-100, from the member's reviews, humidor, wishlist and preferred strength. */
  matchScore: number;
  reason: string;
}

/** Catalog cigars matched to the member, best first (sorted by matchScore). */
export function quickPicks(catalog: readonly EngineCigar[], member: MemberContext, n: number, now: Date, language: ContentLanguage = 'en'): QuickPick[] {
  const words = wordsIn(language);
  const idx = indexCatalog(catalog);
  const taste = tasteOf(recentWeighted(member, now), idx);
  const disliked = new Set(taste.disliked.map((d) => d.review.cigarId));
  const pool: Ranked[] = [];
  for (const f of idx.cigars) {
    if (disliked.has(f.cigar.id)) continue;
    let s = tasteScore(f, taste);
    const wish = taste.wish.get(f.cigar.id);
    if (wish !== undefined) s += 0.08;
    const held = taste.held.get(f.cigar.id) ?? 0;
    if (held >= 3) s -= 0.5; else if (held > 0) s -= 0.1;
    if (taste.reviewed.has(f.cigar.id)) s -= 0.15;
    pool.push({ f, score: s });
  }
  pool.sort((a, b) => b.score - a.score || byId(a.f.cigar, b.f.cigar));
  // Diversity as a penalty on the effective score keeps the list sorted: penalties only grow as picks are made.
  const picks = pickDiverse(pool, Math.max(0, Math.min(n, pool.length)), [], false, true);
  const cited = new Map<string, number>();
  return picks.map((r) => ({
    cigar: r.f.cigar,
    matchScore: Math.round(clamp(50 + 50 * r.score, 0, 100)),
    reason: reasonFor(r.f, { taste, preferred: member.preferredStrength, cited, words }),
  }));
}

/** Reviews older than a year count a little less: tastes move. */
function recentWeighted(member: MemberContext, now: Date): MemberContext {
  const cutoff = now.getTime() - 365 * DAY_MS;
  if (!member.reviews.some((r) => Date.parse(r.createdAt) < cutoff)) return member;
  return {
    ...member,
    reviews: member.reviews.map((r) => (Date.parse(r.createdAt) < cutoff ? { ...r, overallScore: 72 + (r.overallScore - 72) * 0.7 } : r)),
  };
}

// ------------------------------------------------------------------ what to smoke next

export type Readiness = 'acclimatising' | 'resting' | 'ready' | 'well-rested';

export interface HumidorPick {
  item: MemberHumidorItem;
  f: CigarFeatures | null;
  strength: StrengthLevel;
  restDays: number;
  addedDays: number;
  readiness: Readiness;
  score: number;
  reason: string;
  pairing: string;
}

export interface SmokeNextPick {
  itemId: string;
  cigarId: string | null;
  brandName: string;
  cigarName: string;
  /** Days rested (from the box date, else from when it was added). */
  restDays: number;
  reason: string;
  pairing: string;
}

const dayOf = (s: string) => Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T00:00:00Z` : s);
/** "3 June" (UTC), in the language's words. */
export const dateLabel = (ms: number, w: Words = ENGLISH_WORDS) => {
  const d = new Date(ms);
  return w.fill(w.t.date, { day: w.num(d.getUTCDate()), month: w.t.months[d.getUTCMonth()]! });
};

export function restLabel(days: number, w: Words = ENGLISH_WORDS): string {
  const rest = w.t.rest;
  if (days < 14) return w.plural(rest.days, days);
  if (days < 60) return w.fill(rest.weeks, { count: w.num(Math.round(days / 7)) });
  const months = Math.round(days / 30.44);
  if (months < 12) return w.plural(rest.months, months);
  return w.plural(rest.years, Number((days / 365.25).toFixed(1)));
}

/** "Medium-full, so try an espresso, a bourbon or a tawny port." */
export const pairingFor = (s: StrengthLevel, w: Words = ENGLISH_WORDS) =>
  w.fill(w.t.pairing, { strength: w.t.strengthWord[s], drinks: knowledgeIn(w.language).pairingByStrength[s] });

/** The member's humidor ranked by readiness, their own scores and quantity, each with a reason and a pairing. */
const mapIndex = new WeakMap<ReadonlyMap<string, EngineCigar>, CatalogIndex>();

/** The index of a catalog given as a map (memoised per map). */
function indexOfMap(catalogById: ReadonlyMap<string, EngineCigar>): CatalogIndex {
  const hit = mapIndex.get(catalogById);
  if (hit) return hit;
  const idx = indexCatalog([...catalogById.values()]);
  mapIndex.set(catalogById, idx);
  return idx;
}

export function rankHumidor(member: MemberContext, catalogById: ReadonlyMap<string, EngineCigar>, now: Date, index?: CatalogIndex, w: Words = ENGLISH_WORDS): HumidorPick[] {
  const idx = index ?? indexOfMap(catalogById);
  const h = w.t.humidor;
  const taste = tasteOf(member, idx);
  const t = now.getTime();
  const picks: HumidorPick[] = [];
  for (const item of member.humidor) {
    if (item.quantity <= 0 || item.status === 'smoked') continue;
    const cigar = catalogById.get(item.cigarId);
    const f = cigar ? featuresOf(cigar) : null;
    const strength = item.cigarStrength ?? cigar?.strength ?? 'medium';
    const added = dayOf(item.createdAt);
    const addedDays = Number.isFinite(added) ? Math.max(0, Math.floor((t - added) / DAY_MS)) : 0;
    const boxed = item.boxDate ? dayOf(item.boxDate) : NaN;
    const restDays = Number.isFinite(boxed) ? Math.max(0, Math.floor((t - boxed) / DAY_MS)) : addedDays;
    const readiness: Readiness = addedDays < 21 ? 'acclimatising' : restDays > 180 ? 'well-rested' : restDays >= 60 ? 'ready' : 'resting';
    const r = readiness === 'acclimatising' ? 0.1 + 0.2 * (addedDays / 21) : readiness === 'well-rested' ? 1 : readiness === 'ready' ? 0.8 : 0.55;

    const parts: string[] = [];
    if (readiness === 'acclimatising') {
      parts.push(w.fill(h.acclimatise, { when: daysAgo(addedDays, w), date: dateLabel(added + 21 * DAY_MS, w) }));
    } else {
      const since = Number.isFinite(boxed) ? h.sinceBox : h.inHumidor;
      const how = readiness === 'well-rested' ? h.wellSettled : readiness === 'ready' ? h.nicelySettled : h.settledEnough;
      parts.push(w.fill(h.rested, { rest: restLabel(restDays, w), since, how }));
    }
    let s = 0.5;
    const own = taste.reviewed.get(item.cigarId);
    if (own) {
      s = (0.55 * own.overallScore + 0.15 * own.drawScore + 0.15 * own.burnScore + 0.15 * own.flavorScore) / 100;
      parts.push(w.fill(h.scored, { overall: w.num(own.overallScore), draw: w.num(own.drawScore), burn: w.num(own.burnScore), flavor: w.num(own.flavorScore) }));
    } else if (f) {
      const sameLine = [...taste.reviewed.values()]
        .map((rv) => ({ rv, g: idx.byId.get(rv.cigarId) }))
        .filter((x) => x.g && x.g.lineKey === f.lineKey)
        .sort((a, b) => b.rv.overallScore - a.rv.overallScore || a.rv.cigarId.localeCompare(b.rv.cigarId))[0];
      if (sameLine) {
        const rv = sameLine.rv;
        s = 0.15 + 0.85 * ((0.55 * rv.overallScore + 0.15 * rv.drawScore + 0.15 * rv.burnScore + 0.15 * rv.flavorScore) / 100);
        parts.push(w.fill(h.sameLine, { cigar: cigarTitle(sameLine.g!.cigar), overall: w.num(rv.overallScore), draw: w.num(rv.drawScore), burn: w.num(rv.burnScore) }));
      } else {
        const ts = tasteScore(f, taste);
        s = 0.5 + 0.35 * ts;
        const like = bestLikedMatch(f, taste, w);
        if (like && taste.hasReviews) parts.push(like.text);
        else if (item.status === 'to-try') parts.push(h.toTry);
      }
    }
    let bonus = Math.min(item.quantity, 10) / 100;
    if (item.status === 'aging') { bonus -= 0.25; parts.push(h.aging); }
    if (item.status === 'to-try') bonus += 0.05;
    if (item.status === 'aged' || item.status === 'ready') bonus += 0.08;
    parts.push(item.quantity === 1 ? h.lastOne : w.fill(h.left, { count: w.num(item.quantity) }));
    const reason = capitalise(parts.join(h.partsJoin));
    picks.push({
      item, f, strength, restDays, addedDays, readiness,
      score: 0.5 * r + 0.4 * s + bonus,
      reason,
      pairing: pairingFor(strength, w),
    });
  }
  return picks.sort((a, b) => b.score - a.score || (a.item.itemId < b.item.itemId ? -1 : a.item.itemId > b.item.itemId ? 1 : 0));
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "today", "yesterday", "5 days ago". */
export const daysAgo = (days: number, w: Words = ENGLISH_WORDS) =>
  (days === 0 ? w.t.humidor.today : days === 1 ? w.t.humidor.yesterday : w.fill(w.t.humidor.daysAgo, { days: w.num(days) }));

/** What to smoke next from the member's own humidor, best first (the SmokeNext contract's fields). */
export function smokeNext(member: MemberContext, catalogById: ReadonlyMap<string, EngineCigar>, now: Date, language: ContentLanguage = 'en'): SmokeNextPick[] {
  return rankHumidor(member, catalogById, now, undefined, wordsIn(language)).map((p) => ({
    itemId: p.item.itemId,
    cigarId: p.item.cigarId || null,
    brandName: p.item.brandName,
    cigarName: p.item.cigarName,
    restDays: p.restDays,
    reason: p.reason,
    pairing: p.pairing,
  }));
}

