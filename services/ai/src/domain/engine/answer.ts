import type { LanguageCode } from '@torcedor/shared/constants';
import { contentLanguage, phrasesIn } from '../content.ts';
import {
  cigarTitle, indexCatalog, sizeLabel, STRENGTHS, strengthRank,
  type CatalogIndex, type CigarFeatures,
} from './catalog.ts';
import { knowledgeIn, type ExampleSpec, type Knowledge, type KnowledgeEntry } from './knowledge.ts';
import { lexiconIn, type Lexicon } from './lexicon.ts';
import {
  daysAgo, flavourPhrase, minutesLabel, pairingFor, profileOf, rankCatalog, rankHumidor,
  reasonFor, tasteOf, tasteScore, quickPicks, type HumidorPick, type RankResult, type Taste,
} from './recommend.ts';
import { wordsIn, type Words } from './templates.ts';
import {
  PRODUCTION_COUNTRIES, readText, refusalOf, scoreKnowledge, strengthLabel, understandConversation, type Filters, type Understanding,
} from './understand.ts';
import type { EngineAnswer, EngineCigar, EngineRequest, MemberContext, Suggestion } from './types.ts';

/**
 * VitolAI's local engine: a deterministic, grounded answer from the catalog, the member's own data and the
 * knowledge base. Same input, same answer; every cigar it names is a catalog cigar and is in `suggestions`.
 */
export function answer(catalog: EngineCigar[], member: MemberContext, req: EngineRequest): EngineAnswer {
  const ctx = contextOf(catalog, member, req);
  const { u, w } = ctx;
  const out = compose(ctx);
  const text = (u.greeting && !['greeting', 'refuse-sales', 'refuse-minors'].includes(u.intent) ? w.fill(w.t.greetingPrefix, { text: out.text }) : out.text)
    .replace(/\n{3,}/g, '\n\n').trim();
  return { text, suggestions: out.suggestions };
}

/** What the engine reads a request with: the catalog's index, the member's taste, the understood message and the words of its language. */
function contextOf(catalog: EngineCigar[], member: MemberContext, req: EngineRequest): Ctx {
  const language = contentLanguage(req.language);
  const idx = indexCatalog(catalog);
  const taste = tasteOf(member, idx);
  const u = understandConversation(catalog, req, taste.liked[0]?.f.cigar.id ?? null);
  return { catalog, idx, member, taste, u, req, w: wordsIn(language), k: knowledgeIn(language), L: lexiconIn(language) };
}

/** Whether the answer names catalog cigars: a recommendation (the recommendations page's unclear question is one) or a cigar's facts. */
const asksForCatalog = (ctx: Ctx) =>
  ctx.u.intent === 'recommend' || ctx.u.intent === 'cigar-info' || (ctx.u.intent === 'unclear' && (ctx.req.topic === 'recommendations' || !ctx.catalog.length));

/**
 * The answer while ai's copy of the catalog is behind the published version (services/kit/src/catalog-copy.ts): a
 * request whose answer would name catalog cigars and finds none ('I've suggested everything...') is told the catalog
 * is still loading, in its language, instead; null when the answer does not lack the catalog.
 */
export function whileCatalogLoads(catalog: EngineCigar[], member: MemberContext, req: EngineRequest): EngineAnswer | null {
  const ctx = contextOf(catalog, member, req);
  if (!asksForCatalog(ctx) || compose(ctx).suggestions.length) return null;
  return { text: phrasesIn(contentLanguage(req.language)).catalogLoading, suggestions: [] };
}

/**
 * The refusal a message gets whichever provider answers (the rule: understand.ts#refusalOf), or null when it is
 * answered. The handler asks before it reserves anything, so a refused question spends no answer of the quota. The
 * message is read, and the refusal written, in the request's language.
 */
export function refusal(message: string, language?: LanguageCode): EngineAnswer | null {
  const lang = contentLanguage(language);
  const L = lexiconIn(lang);
  const r = refusalOf(readText(message, L), L);
  const k = knowledgeIn(lang);
  return r ? { text: r === 'refuse-sales' ? k.salesRefusal : k.minorsRefusal, suggestions: [] } : null;
}

interface Ctx {
  catalog: EngineCigar[];
  idx: CatalogIndex;
  member: MemberContext;
  taste: Taste;
  u: Understanding;
  req: EngineRequest;
  /** The answer's language: its templates, its knowledge base and its lexicon. */
  w: Words;
  k: Knowledge;
  L: Lexicon;
}

function compose(ctx: Ctx): EngineAnswer {
  switch (ctx.u.intent) {
    case 'refuse-sales': return { text: ctx.k.salesRefusal, suggestions: [] };
    case 'refuse-minors': return { text: ctx.k.minorsRefusal, suggestions: [] };
    case 'greeting': return greetingAnswer(ctx);
    case 'thanks': return { text: ctx.w.t.thanks, suggestions: [] };
    case 'platform': return knowledgeAnswer(ctx, 'platform');
    case 'education': return knowledgeAnswer(ctx, 'education');
    case 'smoke-next': return smokeNextAnswer(ctx);
    case 'cigar-info': return cigarInfoAnswer(ctx);
    case 'price': return priceAnswer(ctx);
    case 'recommend': return recommendAnswer(ctx);
    case 'unclear': return ctx.req.topic === 'recommendations' ? recommendAnswer(ctx) : unclearAnswer(ctx.w);
    case 'off-topic': return offTopicAnswer(ctx.w);
  }
}

// ------------------------------------------------------------------ helpers

const suggestionOf = (c: EngineCigar, reason: string): Suggestion => ({ cigarId: c.id, brandName: c.brandName, name: c.name, reason });

/** "- Padrón 1964 Anniversary Series Exclusivo (Robusto, 5.5 x 50, about 55 minutes): ..." */
const bullet = (f: CigarFeatures, reason: string, w: Words) =>
  w.fill(w.t.bullet, { cigar: cigarTitle(f.cigar), vitola: f.cigar.vitola, size: sizeLabel(f.cigar, w), minutes: minutesLabel(f, w), reason });

/** "mild to mild-medium, Connecticut-wrapped Dominican robustos from Ashton" */
function describeFilters(f: Filters, idx: CatalogIndex, w: Words): string {
  const d = w.t.describe;
  const adjectives: string[] = [];
  if (f.strengths) adjectives.push(w.fill(d.strength, { strength: strengthLabel(f.strengths, w) }));
  if (f.wrappers) adjectives.push(w.fill(d.wrappers, { wrappers: w.list(f.wrappers.map((x) => w.t.wrapperWord[x]), 'or') }));
  const made = f.countries?.filter((c) => PRODUCTION_COUNTRIES.includes(c)) ?? [];
  const leaf = f.countries?.filter((c) => !PRODUCTION_COUNTRIES.includes(c)) ?? [];
  const country = made.length ? w.fill(d.country, { countries: w.list(made.map((c) => w.country(c, 'of')), 'or') }) : '';
  const puros = f.puro && !f.vitolas;
  const noun = f.vitolas ? w.list(f.vitolas.map((v) => w.t.vitolaPlural[v]), 'or') : puros ? d.puros : d.cigars;
  let s = w.fill(d.head, { adjectives: adjectives.join(d.adjectivesJoin), country, puro: f.puro && !puros ? d.puro : '', noun })
    // Slots left empty leave no double space or stray comma ("robustos , de fortaleza media").
    .replace(/\s+/g, ' ').replace(/ ,/g, ',').replace(/^[\s,]+|[\s,]+$/g, '');
  if (leaf.length) s += w.fill(d.leaf, { countries: w.list(leaf.map((c) => w.country(c, 'of')), 'or') });
  if (f.brandIds) s += w.fill(d.brands, { brands: w.list(f.brandIds.map((b) => idx.brands.find((x) => x.id === b)?.name ?? b), 'or') });
  if (f.flavours) s += w.fill(d.flavours, { flavours: w.list(f.flavours.map((x) => (w.t.flavourNotes as Record<string, string>)[x] ?? x), 'or') });
  if (f.maxLength !== null) s += w.fill(d.maxLength, { length: w.num(f.maxLength) });
  if (f.minLength !== null) s += w.fill(d.minLength, { length: w.num(f.minLength) });
  return s;
}

function withoutKeys(f: Filters, keys: string[]): Filters {
  const out: Filters = { ...f, sources: { ...f.sources } };
  for (const k of keys) {
    if (k === 'strength') out.strengths = null;
    if (k === 'wrapper') out.wrappers = null;
    if (k === 'country') out.countries = null;
    if (k === 'vitola') out.vitolas = null;
    if (k === 'brand') out.brandIds = null;
    if (k === 'maxLength') out.maxLength = null;
    if (k === 'minLength') out.minLength = null;
    if (k === 'flavour') out.flavours = null;
    if (k === 'puro') out.puro = false;
  }
  return out;
}

function relaxNote(r: RankResult, f: Filters, w: Words): string | null {
  if (!r.relaxed.length) return null;
  const t = w.t.relax;
  const labels = w.list([...new Set(r.relaxed.map((c) => w.t.relaxLabel[c.key]))]);
  if (f.vitolas?.includes('culebra')) return w.fill(t.culebra, { labels });
  if (f.wrappers?.includes('candela') && r.strictCount === 0) return w.fill(t.candela, { labels });
  if (r.strictCount === 0) return w.fill(t.none, { labels });
  return w.plural(t.some, r.strictCount, { labels });
}

function priceNote(member: MemberContext, max: number | null, w: Words): string {
  const t = w.t.price;
  const lines = [t.noPrices];
  const paid = member.humidor
    .filter((i) => i.pricePaid !== null && i.pricePaid >= 0)
    .sort((a, b) => a.pricePaid! - b.pricePaid! || a.itemId.localeCompare(b.itemId));
  const named = (i: (typeof paid)[number]) => w.fill(t.logged, { cigar: `${i.brandName} ${i.cigarName}`, price: w.money(i.pricePaid!) });
  if (max !== null) {
    const under = paid.filter((i) => i.pricePaid! <= max + 1e-9);
    if (under.length) lines.push(w.fill(t.under, { max: w.money(max), items: w.list(under.slice(0, 3).map(named)) }));
    else if (paid.length) lines.push(w.fill(t.noneUnder, { max: w.money(max), item: named(paid[0]!) }));
  } else if (paid.length) {
    lines.push(w.fill(t.lowest, { items: w.list(paid.slice(0, 3).map(named)) }));
  }
  if (!paid.length) lines.push(t.logIt);
  return lines.join(' ');
}

// ------------------------------------------------------------------ recommendations

/** Relative requests with nothing earlier to compare with: compared with the member's own taste. */
function resolveFilters(ctx: Ctx): { filters: Filters; notes: string[] } {
  const { u, taste, member, w } = ctx;
  const filters: Filters = { ...u.filters, sources: { ...u.filters.sources } };
  const notes: string[] = [];
  if (u.limit === 'top') notes.push(w.t.recommend.limitTop);
  if (u.limit === 'bottom') notes.push(w.t.recommend.limitBottom);
  if (u.relative && !filters.strengths) {
    const base = taste.centre !== null ? Math.round(taste.centre) : member.preferredStrength ? strengthRank(member.preferredStrength) : 2;
    const lv = STRENGTHS.filter((_, i) => (u.relative === 'stronger' ? i > base : i < base));
    filters.strengths = lv.length ? [...lv] : [u.relative === 'stronger' ? 'full' : 'mild'];
    filters.sources.strength = 'message';
  }
  if (u.size && filters.maxLength === null && filters.minLength === null) {
    if (u.size === 'shorter') { filters.maxLength = 5; filters.sources.maxLength = 'message'; }
    else { filters.minLength = 6; filters.sources.minLength = 'message'; }
  }
  return { filters, notes };
}

function recommendAnswer(ctx: Ctx): EngineAnswer {
  const { u, idx, taste, member, w, k } = ctx;
  const t = w.t.recommend;
  const { filters, notes } = resolveFilters(ctx);
  const similar = u.similarTo ? profileOf(u.similarTo, idx, w) : null;
  const exclude = new Set<string>([...(similar?.ids ?? [])]);
  if (u.followUp || u.another) for (const id of u.named) exclude.add(id);
  const result = rankCatalog(idx, taste, {
    filters, similar, occasions: u.occasions, drink: u.drink, budget: u.price !== null, exclude, n: 3,
  });
  if (!result.picks.length) return { text: t.noMore, suggestions: [] };
  const reasonCtx = { taste, similar, occasions: u.occasions, drink: u.drink, preferred: member.preferredStrength, cited: new Map<string, number>(), words: w };
  const lines = result.picks.map((r) => ({ f: r.f, reason: reasonFor(r.f, reasonCtx) }));

  // Nothing matched everything: describe what the picks do match, and say below what was relaxed.
  const shown: Filters = result.strictCount === 0 && result.relaxed.length ? withoutKeys(filters, result.relaxed.map((c) => c.key)) : filters;
  const described = describeFilters(shown, idx, w);
  const plain = described === w.t.describe.cigars;
  const n = String(Math.min(3, lines.length)) as '1' | '2' | '3';
  const vars = { count: t.count[n], countLower: t.countLower[n], described };
  let intro: string;
  if (similar) {
    intro = w.fill(t.similar, { ...vars, title: similar.title, described: plain ? '' : w.fill(t.similarDescribed, { described }) });
  } else if (u.relative && u.followUp) {
    intro = w.fill(u.relative === 'stronger' ? t.stepUp : t.stepDown, vars);
  } else if (u.occasions.includes('morning')) {
    intro = w.fill(t.morning, vars);
  } else if (u.occasions.includes('evening') || u.occasions.includes('long')) {
    intro = w.fill(t.evening, { ...vars, drink: u.drink ? w.fill(t.eveningDrink, { drink: k.drinks[u.drink].label }) : '' });
  } else if (u.occasions.includes('celebration')) {
    intro = w.fill(t.celebration, { ...vars, described: plain ? t.celebrationPlain : described });
  } else if (u.occasions.includes('quick')) {
    intro = w.fill(t.quick, vars);
  } else if (plain) {
    intro = w.fill(taste.hasReviews ? t.plainReviewed : t.plainNew, vars);
  } else if (result.relaxed.length && result.strictCount > 0) {
    intro = w.fill(t.closest, vars);
  } else {
    intro = w.fill(t.matching, { ...vars, weighted: taste.hasReviews ? t.weighted : '' });
  }
  if (u.followUp && u.another && !u.relative) intro = w.fill(t.more, vars);

  const paragraphs = [intro, lines.map((l) => bullet(l.f, l.reason, w)).join('\n')];
  const extra: string[] = [...notes];
  const leafOnly = (filters.countries ?? []).filter((c) => !PRODUCTION_COUNTRIES.includes(c));
  if (leafOnly.length) {
    extra.push(w.fill(t.leafOnly, {
      countries: w.list(leafOnly.map((c) => w.country(c, 'from')), 'or'),
      leaves: w.list(leafOnly.map((c) => w.country(c, 'of')), 'or'),
      usa: leafOnly.includes('USA') ? t.leafOnlyUsa : '',
    }));
  }
  const relax = relaxNote(result, filters, w);
  if (relax) extra.push(relax);
  if (u.price) extra.push(priceNote(member, u.price.max, w));
  if (u.drink && extra.length < 2) extra.push(k.drinks[u.drink].advice);
  if (u.occasions.includes('beginner') && extra.length < 2) extra.push(t.beginner);
  if (!taste.hasReviews && !similar && extra.length < 2) extra.push(t.reviewPrompt);
  paragraphs.push(...extra.slice(0, 2));
  if (extra.length < 2) paragraphs.push(t.askMore);
  return { text: paragraphs.join('\n\n'), suggestions: lines.map((l) => suggestionOf(l.f.cigar, l.reason)) };
}

// ------------------------------------------------------------------ knowledge

function knowledgeAnswer(ctx: Ctx, kind: 'platform' | 'education'): EngineAnswer {
  const { u, req, w, k, L } = ctx;
  const COMBINE = L.message.combine;
  const t = readText(req.message, L);
  const scored = scoreKnowledge(t, w.language).filter((x) => (kind === 'platform') === (x.entry.category === 'platform'));
  const fromTopics = u.topics.map((id) => k.byId.get(id)).filter((e): e is KnowledgeEntry => e !== undefined && (kind === 'platform') === (e.category === 'platform'));
  // A comparison ("Connecticut or maduro?") is answered from the two specific entries, not the general guide.
  const specific = scored.filter((x) => !x.entry.id.endsWith('-guide'));
  const comparing = COMBINE.test(t) && specific.length >= 2 && specific[1]!.entry.category === specific[0]!.entry.category
    && specific[1]!.score >= specific[0]!.score * 0.6;
  const first = comparing ? specific[0]!.entry : scored[0]?.entry ?? fromTopics[0];
  if (!first) return unclearAnswer(w);
  const second = comparing ? specific[1]!.entry
    : scored[1] && COMBINE.test(t) && scored[1].score >= scored[0]!.score * 0.6 && scored[1].entry.category === first.category ? scored[1].entry : null;
  const paragraphs: string[] = [];
  if (u.accessory) paragraphs.push(k.noShopsNote);
  if (second) {
    for (const e of [first, second]) paragraphs.push(...e.text.split('\n\n').slice(0, 2));
  } else {
    paragraphs.push(...first.text.split('\n\n'));
  }
  const suggestions: Suggestion[] = [];
  if (kind === 'education') {
    const specs = [first, second].filter((e): e is KnowledgeEntry => e !== null && e.example !== undefined);
    const used = new Set<string>();
    for (const e of specs) {
      const ex = exampleFor(ctx, e.example!, used);
      if (!ex) continue;
      used.add(ex.f.cigar.id);
      paragraphs.push(ex.sentence);
      suggestions.push(suggestionOf(ex.f.cigar, ex.reason));
    }
    if (first.category === 'wrapper' || first.category === 'vitola' || first.category === 'country') {
      if (paragraphs.length < 6) paragraphs.push(w.t.education.askForThree);
    }
  }
  return { text: paragraphs.join('\n\n'), suggestions };
}

function exampleFor(ctx: Ctx, spec: ExampleSpec, used: ReadonlySet<string>): { f: CigarFeatures; sentence: string; reason: string } | null {
  const { idx, taste, w } = ctx;
  let best: { f: CigarFeatures; s: number } | null = null;
  for (const f of idx.cigars) {
    if (used.has(f.cigar.id)) continue;
    if (spec.wrapper && !f.tags.has(spec.wrapper)) continue;
    if (spec.vitolas && !spec.vitolas.includes(f.cigar.vitola) && !(spec.minRing && f.cigar.ringGauge >= spec.minRing)) continue;
    if (spec.country && f.cigar.country !== spec.country) continue;
    if (spec.strengths && !spec.strengths.includes(f.cigar.strength)) continue;
    // Clear examples first (one wrapper, named as such), then the member's taste.
    const wr = readText(`${f.cigar.wrapper} ${f.cigar.name}`);
    const clarity = spec.wrapper ? (/ or /.test(wr) ? 0 : 0.3) + (wr.includes(` ${spec.wrapper.replace('-', ' ')} `) ? 0.2 : 0) : 0;
    const s = clarity + tasteScore(f, taste) + (f.flavours.length ? 0.05 : 0);
    if (!best || s > best.s + 1e-12 || (Math.abs(s - best.s) <= 1e-12 && f.cigar.id < best.f.cigar.id)) best = { f, s };
  }
  if (!best) return null;
  const f = best.f;
  const c = f.cigar;
  const e = w.t.education;
  const flav = flavourPhrase(f, 3, w);
  const sentence = w.fill(e.example, {
    cigar: cigarTitle(c), strength: w.t.strength[c.strength], vitolaLower: c.vitola.toLowerCase(), vitola: c.vitola, size: sizeLabel(c, w),
    country: w.country(c.country, 'from'), wrapper: c.wrapper, wrapperWithArticle: article(c.wrapper),
    flavour: flav ? w.fill(f.flavours.length ? e.exampleNotes : e.exampleDescriptors, { flavour: flav }) : '',
  });
  return { f, sentence, reason: reasonFor(f, { taste, words: w }) };
}

/** English's article before a catalog wrapper ("an Ecuadorian", "a Connecticut"), offered to every language's example. */
const article = (phrase: string) => (/^[AEIOU]/i.test(phrase) ? `an ${phrase}` : `a ${phrase}`);

// ------------------------------------------------------------------ humidor

function smokeNextAnswer(ctx: Ctx): EngineAnswer {
  const { member, idx, req, u, w } = ctx;
  const h = w.t.humidor;
  const byId = new Map(idx.cigars.map((f) => [f.cigar.id, f.cigar]));
  const named = new Set(u.followUp ? u.named : []);
  const all = rankHumidor(member, byId, req.now, idx, w);
  const ranked = all.filter((p) => !named.has(p.item.cigarId));
  if (!all.length) {
    const picks = quickPicks(ctx.catalog, member, 3, req.now, w.language);
    const paragraphs = [h.empty, h.meanwhile, picks.map((p) => bullet(idx.byId.get(p.cigar.id)!, p.reason, w)).join('\n')];
    return { text: paragraphs.join('\n\n'), suggestions: picks.map((p) => suggestionOf(p.cigar, p.reason)) };
  }
  if (!ranked.length) return { text: h.exhausted, suggestions: [] };
  const title = (p: HumidorPick) => (p.f ? cigarTitle(p.f.cigar) : `${p.item.brandName} ${p.item.cigarName}`);
  const shape = (p: HumidorPick) => (p.f ? w.fill(h.shape, { vitola: p.f.cigar.vitola, size: sizeLabel(p.f.cigar, w), minutes: minutesLabel(p.f, w) }) : '');
  const top = ranked[0]!;
  const paragraphs: string[] = [];
  if (top.readiness === 'acclimatising') {
    const lead = all.every((p) => p.readiness === 'acclimatising') ? h.allSettling : h.restSettling;
    paragraphs.push(w.fill(h.settlingPick, { lead, cigar: title(top), shape: shape(top), reason: lowerFirstChar(top.reason) }));
  } else {
    paragraphs.push(w.fill(h.lightNext, { cigar: title(top), shape: shape(top), reason: lowerFirstChar(top.reason) }));
  }
  paragraphs.push(w.fill(h.pairing, { pairing: top.pairing }));
  const others = ranked.slice(1).filter((p) => p.readiness !== 'acclimatising').slice(0, 2);
  if (others.length) paragraphs.push(w.fill(h.alsoReady, { items: others.map((p) => w.fill(h.alsoItem, { cigar: title(p), shape: shape(p), reason: p.reason })).join('\n') }));
  const waiting = ranked.filter((p) => p.readiness === 'acclimatising' && p !== top).slice(0, 2);
  if (waiting.length) paragraphs.push(w.fill(h.waiting, { items: w.list(waiting.map((p) => w.fill(h.waitingItem, { cigar: title(p), when: daysAgo(p.addedDays, w) }))) }));
  if (!ctx.taste.hasReviews) paragraphs.push(h.reviewToo);
  const suggestions = [top, ...others]
    .filter((p) => p.f !== null)
    .map((p) => suggestionOf(p.f!.cigar, `${p.reason}. ${p.pairing}`));
  return { text: paragraphs.slice(0, 6).join('\n\n'), suggestions };
}

// ------------------------------------------------------------------ one cigar

function cigarInfoAnswer(ctx: Ctx): EngineAnswer {
  const { u, idx, taste, member, req, w, k, L } = ctx;
  const t = w.t.cigar;
  const fs = (u.cigarRef ?? []).map((id) => idx.byId.get(id)).filter((f): f is CigarFeatures => f !== undefined);
  if (!fs.length) return unclearAnswer(w);
  const pairingAsked = L.message.pairingQuestion.test(readText(req.message, L));
  if (fs.length > 1) return rangeAnswer(ctx, fs, pairingAsked);
  const f = fs[0]!;
  const c = f.cigar;
  const reason = reasonFor(f, { taste, words: w });
  const facts = w.fill(t.facts, {
    cigar: cigarTitle(c), strength: w.t.strength[c.strength], vitolaLower: c.vitola.toLowerCase(), vitola: c.vitola, size: sizeLabel(c, w),
    minutes: minutesLabel(f, w), country: w.country(c.country, 'name'), wrapper: c.wrapper, binder: c.binder, filler: c.filler,
  });
  if (pairingAsked) {
    const advice = u.drink ? ` ${k.drinks[u.drink].advice}` : '';
    return {
      text: [w.fill(t.withPairing, { cigar: cigarTitle(c), pairing: pairingFor(c.strength, w), advice }), facts, f.line].join('\n\n'),
      suggestions: [suggestionOf(c, reason)],
    };
  }
  const paragraphs = [facts, f.line];
  const personal: string[] = [];
  const own = taste.reviewed.get(c.id);
  if (own) personal.push(w.fill(t.youScored, { overall: w.num(own.overallScore), draw: w.num(own.drawScore), burn: w.num(own.burnScore), flavor: w.num(own.flavorScore) }));
  const held = member.humidor.filter((i) => i.cigarId === c.id && i.quantity > 0);
  if (held.length) {
    const pick = rankHumidor({ ...member, humidor: held }, new Map([[c.id, c]]), req.now, idx, w)[0];
    const status = pick ? w.fill(t.youHaveStatus, { status: lowerFirstChar(pick.reason.split(w.t.humidor.partsJoin)[0]!) }) : '';
    personal.push(w.fill(t.youHave, { count: w.num(held.reduce((s, i) => s + i.quantity, 0)), status }));
  }
  if (taste.wish.has(c.id)) personal.push(t.onWishlist);
  if (!personal.length && taste.hasReviews) {
    const s = tasteScore(f, taste);
    if (s > 0.35) personal.push(t.fits);
    else if (s < 0) personal.push(w.fill(t.change, { runs: taste.centre !== null ? w.fill(t.changeRuns, { strength: w.t.strength[STRENGTHS[Math.round(taste.centre)]!] }) : '' }));
  }
  if (personal.length) paragraphs.push(personal.join(' '));
  paragraphs.push(w.fill(t.pairing, { pairing: pairingFor(c.strength, w) }));
  paragraphs.push(w.fill(t.askSimilar, { cigar: cigarTitle(c) }));
  return { text: paragraphs.join('\n\n'), suggestions: [suggestionOf(c, reason)] };
}

/** A line or a whole brand: one bullet per line (a line's sizes when there is only one line). */
function rangeAnswer(ctx: Ctx, fs: CigarFeatures[], pairingAsked: boolean): EngineAnswer {
  const { idx, taste, w, k } = ctx;
  const t = w.t.cigar;
  const p = profileOf(fs.map((f) => f.cigar.id), idx, w)!;
  const strengths = [...new Set(fs.map((f) => f.cigar.strength))].sort((a, b) => strengthRank(a) - strengthRank(b));
  const byLine = new Map<string, CigarFeatures[]>();
  for (const f of fs) byLine.set(f.lineKey, [...(byLine.get(f.lineKey) ?? []), f]);
  let shown: CigarFeatures[];
  let head: string;
  if (byLine.size === 1) {
    shown = pickSpread(fs.slice().sort((a, b) => a.cigar.length - b.cigar.length || a.cigar.id.localeCompare(b.cigar.id)), 3);
    head = w.plural(t.lineSizes, fs.length, { title: p.title, strengths: strengthLabel(strengths, w), line: fs[0]!.line });
  } else {
    // The member's best fit from each line, up to four lines.
    shown = [...byLine.values()]
      .map((line) => line.slice().sort((a, b) => tasteScore(b, taste) - tasteScore(a, taste) || a.cigar.id.localeCompare(b.cigar.id))[0]!)
      .sort((a, b) => tasteScore(b, taste) - tasteScore(a, taste) || a.cigar.id.localeCompare(b.cigar.id))
      .slice(0, 4);
    head = w.fill(t.brandLines, {
      count: w.num(fs.length), brand: fs[0]!.cigar.brandName, lines: w.num(byLine.size), strengths: strengthLabel(strengths, w),
      which: shown.length === byLine.size ? t.brandLinesAll : w.fill(t.brandLinesSome, { count: w.num(shown.length) }),
    });
  }
  const paragraphs = [head, shown.map((f) => bullet(f, reasonFor(f, { taste, words: w }), w)).join('\n')];
  const top = strengths[strengths.length - 1]!;
  if (pairingAsked) {
    paragraphs.unshift(w.fill(t.rangePairing, {
      title: p.title, strengths: strengthLabel(strengths, w), pairing: pairingFor(top, w), advice: ctx.u.drink ? ` ${k.drinks[ctx.u.drink].advice}` : '',
    }));
  } else if (strengths.length === 1) paragraphs.push(w.fill(t.pairing, { pairing: pairingFor(top, w) }));
  paragraphs.push(w.fill(t.rangeAsk, { cigar: cigarTitle(shown[0]!.cigar) }));
  return { text: paragraphs.join('\n\n'), suggestions: shown.map((f) => suggestionOf(f.cigar, reasonFor(f, { taste, words: w }))) };
}

const lowerFirstChar = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

function pickSpread<T>(sorted: T[], n: number): T[] {
  if (sorted.length <= n) return sorted;
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(sorted[Math.round((i * (sorted.length - 1)) / (n - 1))]!);
  return [...new Set(out)];
}

// ------------------------------------------------------------------ price

function priceAnswer(ctx: Ctx): EngineAnswer {
  const { u, idx, taste, member, w } = ctx;
  const t = w.t.price;
  const ref = (u.cigarRef ?? []).map((id) => idx.byId.get(id)).filter((f): f is CigarFeatures => f !== undefined);
  if (ref.length) {
    // A price for one cigar or line: no number to give, but what the member logged for it, and what it is.
    const f = ref[0]!;
    const title = ref.length === 1 ? cigarTitle(f.cigar) : profileOf(ref.map((x) => x.cigar.id), idx, w)!.title;
    const mine = member.humidor.filter((i) => ref.some((x) => x.cigar.id === i.cigarId) && i.pricePaid !== null);
    const paragraphs = [w.fill(t.cannotQuote, { title })];
    if (mine.length) paragraphs.push(w.fill(t.youPaid, { items: w.list(mine.map((i) => w.fill(t.paidItem, { price: w.money(i.pricePaid!), cigar: `${i.brandName} ${i.cigarName}` }))) }));
    const shown = ref.slice(0, 3);
    paragraphs.push(w.fill(t.whatItIs, { items: shown.map((x) => bullet(x, reasonFor(x, { taste, words: w }), w)).join('\n') }));
    return { text: paragraphs.join('\n\n'), suggestions: shown.map((x) => suggestionOf(x.cigar, reasonFor(x, { taste, words: w }))) };
  }
  const paragraphs = [priceNote(member, u.price?.max ?? null, w)];
  // The only price hints the catalog holds: lines its descriptions call everyday or value smokes.
  const result = rankCatalog(idx, taste, {
    filters: { ...u.filters, sources: { ...u.filters.sources } }, similar: null, occasions: u.occasions, drink: u.drink, budget: true,
    exclude: new Set(), n: 3,
  });
  const everyday = result.picks.filter((r) => r.f.marks.everyday);
  if (everyday.length) {
    paragraphs.push(w.fill(t.everyday, { items: everyday.map((r) => bullet(r.f, reasonFor(r.f, { taste, words: w }), w)).join('\n') }));
  }
  paragraphs.push(t.tellStyle);
  return { text: paragraphs.join('\n\n'), suggestions: everyday.map((r) => suggestionOf(r.f.cigar, reasonFor(r.f, { taste, words: w }))) };
}

// ------------------------------------------------------------------ the rest

function greetingAnswer(ctx: Ctx): EngineAnswer {
  const { member, w } = ctx;
  const g = w.t.greeting;
  const sticks = member.humidor.reduce((s, i) => s + Math.max(0, i.quantity), 0);
  const personal = member.reviews.length
    ? w.plural(g.reviews, member.reviews.length, { sticks: sticks ? w.plural(g.reviewsSticks, sticks) : '' })
    : sticks ? w.plural(g.sticks, sticks) : g.nothing;
  const text = [g.intro, g.abilities.join('\n'), personal, g.mood].join('\n\n');
  return { text, suggestions: [] };
}

function unclearAnswer(w: Words): EngineAnswer {
  return { text: w.t.unclear.join('\n\n'), suggestions: [] };
}

function offTopicAnswer(w: Words): EngineAnswer {
  return { text: w.t.offTopic.join('\n\n'), suggestions: [] };
}
