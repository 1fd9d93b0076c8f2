import {
  cigarTitle, indexCatalog, joinAnd, normalize, sizeLabel, STRENGTHS, strengthRank,
  type CatalogIndex, type CigarFeatures, type WrapperTag,
} from './catalog.ts';
import {
  DRINKS, KNOWLEDGE_BY_ID, MINORS_REFUSAL, NO_SHOPS_NOTE, SALES_REFUSAL, type ExampleSpec, type KnowledgeEntry,
} from './knowledge.ts';
import {
  countryAdjective, flavourPhrase, minutesLabel, pairingFor, profileOf, rankCatalog, rankHumidor,
  reasonFor, tasteOf, tasteScore, quickPicks, type HumidorPick, type RankResult, type Taste,
} from './recommend.ts';
import {
  PRODUCTION_COUNTRIES, refusalOf, scoreKnowledge, strengthLabel, understandConversation, VITOLA_FAMILIES, type Filters, type Understanding,
} from './understand.ts';
import type { EngineAnswer, EngineCigar, EngineRequest, MemberContext, Suggestion } from './types.ts';

/**
 * VitolAI's local engine: a deterministic, grounded answer from the catalog, the member's own data and the
 * knowledge base. Same input, same answer; every cigar it names is a catalog cigar and is in `suggestions`.
 */
export function answer(catalog: EngineCigar[], member: MemberContext, req: EngineRequest): EngineAnswer {
  const idx = indexCatalog(catalog);
  const taste = tasteOf(member, idx);
  const u = understandConversation(catalog, req, taste.liked[0]?.f.cigar.id ?? null);
  const ctx: Ctx = { catalog, idx, member, taste, u, req };
  const out = compose(ctx);
  const text = (u.greeting && !['greeting', 'refuse-sales', 'refuse-minors'].includes(u.intent) ? `Hello! ${out.text}` : out.text)
    .replace(/\n{3,}/g, '\n\n').trim();
  return { text, suggestions: out.suggestions };
}

/**
 * The refusal a message gets whichever provider answers (the rule: understand.ts#refusalOf), or null when it is
 * answered. The handler asks before it reserves anything, so a refused question spends no answer of the quota.
 */
export function refusal(message: string): EngineAnswer | null {
  const r = refusalOf(normalize(message));
  return r ? { text: r === 'refuse-sales' ? SALES_REFUSAL : MINORS_REFUSAL, suggestions: [] } : null;
}

interface Ctx {
  catalog: EngineCigar[];
  idx: CatalogIndex;
  member: MemberContext;
  taste: Taste;
  u: Understanding;
  req: EngineRequest;
}

function compose(ctx: Ctx): EngineAnswer {
  switch (ctx.u.intent) {
    case 'refuse-sales': return { text: SALES_REFUSAL, suggestions: [] };
    case 'refuse-minors': return { text: MINORS_REFUSAL, suggestions: [] };
    case 'greeting': return greetingAnswer(ctx);
    case 'thanks': return { text: 'You\'re welcome. Enjoy the smoke, and come back any time for another pick, a pairing or help with your humidor.', suggestions: [] };
    case 'platform': return knowledgeAnswer(ctx, 'platform');
    case 'education': return knowledgeAnswer(ctx, 'education');
    case 'smoke-next': return smokeNextAnswer(ctx);
    case 'cigar-info': return cigarInfoAnswer(ctx);
    case 'price': return priceAnswer(ctx);
    case 'recommend': return recommendAnswer(ctx);
    case 'unclear': return ctx.req.topic === 'recommendations' ? recommendAnswer(ctx) : unclearAnswer();
    case 'off-topic': return offTopicAnswer();
  }
}

// ------------------------------------------------------------------ helpers

const suggestionOf = (c: EngineCigar, reason: string): Suggestion => ({ cigarId: c.id, brandName: c.brandName, name: c.name, reason });

/** "- Padrón 1964 Anniversary Series Exclusivo (Robusto, 5.5 x 50, about 55 minutes): ..." */
const bullet = (f: CigarFeatures, reason: string) => `- ${cigarTitle(f.cigar)} (${f.cigar.vitola}, ${sizeLabel(f.cigar)}, ${minutesLabel(f)}): ${reason}`;

const money = (n: number) => `$${n.toFixed(2)}`;

const WRAPPER_WORD: Record<WrapperTag, string> = {
  connecticut: 'Connecticut-wrapped', broadleaf: 'broadleaf maduro', maduro: 'maduro', oscuro: 'oscuro', habano: 'Habano-wrapped',
  corojo: 'Corojo-wrapped', cameroon: 'Cameroon-wrapped', sumatra: 'Sumatra-wrapped', 'san-andres': 'San Andrés maduro',
  rosado: 'rosado-wrapped', 'sun-grown': 'sun-grown', criollo: 'Criollo-wrapped', candela: 'Candela', cuban: 'Cuban-wrapped',
  natural: 'natural-wrapped', indonesian: 'Indonesian-wrapped', brazilian: 'Brazilian-wrapped',
};

const VITOLA_PLURAL: Record<string, string> = {
  robusto: 'robustos', toro: 'toros', churchill: 'churchills', 'double corona': 'double coronas', corona: 'coronas',
  'petit corona': 'petit coronas', lancero: 'lanceros', lonsdale: 'lonsdales', 'torpedo or belicoso': 'torpedoes and belicosos',
  gordo: 'gordos', perfecto: 'perfectos', culebra: 'culebras',
};

/** "mild to mild-medium, Connecticut-wrapped Dominican robustos from Ashton" */
function describeFilters(f: Filters, idx: CatalogIndex): string {
  const adjectives: string[] = [];
  if (f.strengths) adjectives.push(strengthLabel(f.strengths));
  if (f.wrappers) adjectives.push(joinAnd(f.wrappers.map((w) => WRAPPER_WORD[w]), 'or'));
  const made = f.countries?.filter((c) => PRODUCTION_COUNTRIES.includes(c)) ?? [];
  const leaf = f.countries?.filter((c) => !PRODUCTION_COUNTRIES.includes(c)) ?? [];
  const country = made.length ? joinAnd(made.map((c) => countryAdjective(c)), 'or') : '';
  const noun = f.vitolas ? joinAnd(f.vitolas.map((v) => VITOLA_PLURAL[VITOLA_FAMILIES[v].label] ?? VITOLA_FAMILIES[v].label), 'or') : 'cigars';
  let s = [adjectives.join(', '), country, f.puro ? 'puro' : '', noun].filter(Boolean).join(' ');
  if (f.puro && noun === 'cigars') s = s.replace('puro cigars', 'puros');
  if (leaf.length) s += ` with ${joinAnd(leaf.map((c) => countryAdjective(c)), 'or')} leaf`;
  if (f.brandIds) s += ` from ${joinAnd(f.brandIds.map((b) => idx.brands.find((x) => x.id === b)?.name ?? b), 'or')}`;
  if (f.flavours) s += ` with ${joinAnd(f.flavours.map((x) => (x === 'nut' ? 'nutty' : x)), 'or')} notes`;
  if (f.maxLength !== null) s += ` of ${f.maxLength} inches or less`;
  if (f.minLength !== null) s += ` of ${f.minLength} inches or more`;
  return s;
}

const RELAX_LABEL: Record<string, string> = {
  strength: 'the strength', wrapper: 'the wrapper', country: 'the country', vitola: 'the shape', brand: 'the brand',
  maxLength: 'the length', minLength: 'the length', flavour: 'the flavour notes', puro: 'the single-country rule', similar: 'how close the strength is',
};

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

function relaxNote(r: RankResult, f: Filters): string | null {
  if (!r.relaxed.length) return null;
  const labels = joinAnd([...new Set(r.relaxed.map((c) => RELAX_LABEL[c.key] ?? c.label))]);
  if (f.vitolas?.includes('culebra')) return `There are no culebras in the catalog, so I relaxed ${labels} and kept the rest of what you asked for.`;
  if (f.wrappers?.includes('candela') && r.strictCount === 0) return `There are no Candela-wrapped cigars in the catalog right now, so I relaxed ${labels}.`;
  if (r.strictCount === 0) return `Nothing in the catalog matches all of that, so I relaxed ${labels} and kept the rest.`;
  return `Only ${r.strictCount} ${r.strictCount === 1 ? 'cigar in the catalog matches' : 'cigars in the catalog match'} everything you asked for, so I relaxed ${labels} for the rest.`;
}

function priceNote(member: MemberContext, max: number | null): string {
  const lines = ['The catalog lists no prices (they vary by country, tax and seller, and Torcedor doesn\'t sell cigars), so I can\'t honestly filter by cost.'];
  const paid = member.humidor
    .filter((i) => i.pricePaid !== null && i.pricePaid >= 0)
    .sort((a, b) => a.pricePaid! - b.pricePaid! || a.itemId.localeCompare(b.itemId));
  const named = (i: (typeof paid)[number]) => `the ${i.brandName} ${i.cigarName} (${money(i.pricePaid!)})`;
  if (max !== null) {
    const under = paid.filter((i) => i.pricePaid! <= max + 1e-9);
    if (under.length) lines.push(`From your own humidor, you logged paying ${money(max)} or less a stick for ${joinAnd(under.slice(0, 3).map(named))}.`);
    else if (paid.length) lines.push(`Nothing in your humidor was logged at ${money(max)} or less a stick; your lowest logged price is ${named(paid[0]!)}.`);
  } else if (paid.length) {
    lines.push(`Your lowest logged prices per stick: ${joinAnd(paid.slice(0, 3).map(named))}.`);
  }
  if (!paid.length) lines.push('If you log the price paid per stick when you add cigars to your humidor, I can use your own numbers.');
  return lines.join(' ');
}

// ------------------------------------------------------------------ recommendations

/** Relative requests with nothing earlier to compare with: compared with the member's own taste. */
function resolveFilters(ctx: Ctx): { filters: Filters; notes: string[] } {
  const { u, taste, member } = ctx;
  const filters: Filters = { ...u.filters, sources: { ...u.filters.sources } };
  const notes: string[] = [];
  if (u.limit === 'top') notes.push('Those were already full, the top of the scale, so here are other full-bodied cigars instead.');
  if (u.limit === 'bottom') notes.push('Those were already mild, the gentlest on the scale, so here are other mild cigars instead.');
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
  const { u, idx, taste, member } = ctx;
  const { filters, notes } = resolveFilters(ctx);
  const similar = u.similarTo ? profileOf(u.similarTo, idx) : null;
  const exclude = new Set<string>([...(similar?.ids ?? [])]);
  if (u.followUp || u.another) for (const id of u.named) exclude.add(id);
  const result = rankCatalog(idx, taste, {
    filters, similar, occasions: u.occasions, drink: u.drink, budget: u.price !== null, exclude, n: 3,
  });
  if (!result.picks.length) {
    return { text: 'I\'ve suggested everything in the catalog that fits that. Try a different strength, wrapper or shape and I\'ll find more.', suggestions: [] };
  }
  const reasonCtx = { taste, similar, occasions: u.occasions, drink: u.drink, preferred: member.preferredStrength, cited: new Map<string, number>() };
  const lines = result.picks.map((r) => ({ f: r.f, reason: reasonFor(r.f, reasonCtx) }));

  // Nothing matched everything: describe what the picks do match, and say below what was relaxed.
  const shown: Filters = result.strictCount === 0 && result.relaxed.length ? withoutKeys(filters, result.relaxed.map((c) => c.key)) : filters;
  const described = describeFilters(shown, idx);
  const plain = described === 'cigars';
  const count = lines.length === 1 ? 'One' : lines.length === 2 ? 'Two' : 'Three';
  let intro: string;
  if (similar) {
    const extra = plain ? '' : ` (${described})`;
    intro = `${count} cigars close to the ${similar.title}${extra}, matched on strength, wrapper, country, size and flavour:`;
  } else if (u.relative && u.followUp) {
    intro = `${u.relative === 'stronger' ? 'A step up in strength' : 'A step down in strength'} from the last picks: ${count.toLowerCase()} ${described}:`;
  } else if (u.occasions.includes('morning')) {
    intro = `For a morning coffee, ${count.toLowerCase()} ${described}: gentle enough for the hour and short enough to finish with the cup.`;
  } else if (u.occasions.includes('evening') || u.occasions.includes('long')) {
    intro = `For a long evening${u.drink ? ` with ${DRINKS[u.drink].label}` : ''}, ${count.toLowerCase()} ${described}:`;
  } else if (u.occasions.includes('celebration')) {
    intro = `For a celebration, ${count.toLowerCase()} ${plain ? 'special cigars' : described} with a story behind them:`;
  } else if (u.occasions.includes('quick')) {
    intro = `For a quick smoke, ${count.toLowerCase()} ${described}:`;
  } else if (plain) {
    intro = taste.hasReviews ? `${count} picks from the catalog, weighted toward what you rate highly:` : `${count} well-balanced picks from the catalog to start with:`;
  } else if (result.relaxed.length && result.strictCount > 0) {
    intro = `The closest matches in the catalog for ${described}:`;
  } else {
    intro = `${count} ${described} from the catalog${taste.hasReviews ? ', weighted toward your reviews' : ''}:`;
  }
  if (u.followUp && u.another && !u.relative) intro = `${count} more ${described}, none of them suggested before:`;

  const paragraphs = [intro, lines.map((l) => bullet(l.f, l.reason)).join('\n')];
  const extra: string[] = [...notes];
  const leafOnly = (filters.countries ?? []).filter((c) => !PRODUCTION_COUNTRIES.includes(c));
  if (leafOnly.length) {
    const names = leafOnly.map((c) => (c === 'USA' ? 'the United States' : c));
    extra.push(`No cigar in the catalog is made in ${joinAnd(names, 'or')}, so these carry ${joinAnd(leafOnly.map((c) => countryAdjective(c)), 'or')} leaf in the blend${leafOnly.includes('USA') ? ' (Connecticut wrapper or Pennsylvania filler)' : ''}.`);
  }
  const relax = relaxNote(result, filters);
  if (relax) extra.push(relax);
  if (u.price) extra.push(priceNote(member, u.price.max));
  if (u.drink && extra.length < 2) extra.push(DRINKS[u.drink].advice);
  if (u.occasions.includes('beginner') && extra.length < 2) extra.push('New to cigars? Smoke slowly (a puff a minute), don\'t inhale, and have something to eat and drink first; a robusto or corona is a friendlier first size than a big gordo.');
  if (!taste.hasReviews && !similar && extra.length < 2) extra.push('Review what you smoke (draw, burn, flavor, overall) and my picks will follow your taste.');
  paragraphs.push(...extra.slice(0, 2));
  if (extra.length < 2) paragraphs.push('Want something stronger, milder, another shape, or more like one of these? Just ask.');
  return { text: paragraphs.join('\n\n'), suggestions: lines.map((l) => suggestionOf(l.f.cigar, l.reason)) };
}

// ------------------------------------------------------------------ knowledge

const COMBINE = / (difference|differences|vs|versus|compare|compared|than|or|and) /;

function knowledgeAnswer(ctx: Ctx, kind: 'platform' | 'education'): EngineAnswer {
  const { u, req } = ctx;
  const t = normalize(req.message);
  const scored = scoreKnowledge(t).filter((x) => (kind === 'platform') === (x.entry.category === 'platform'));
  const fromTopics = u.topics.map((id) => KNOWLEDGE_BY_ID.get(id)).filter((e): e is KnowledgeEntry => e !== undefined && (kind === 'platform') === (e.category === 'platform'));
  // A comparison ("Connecticut or maduro?") is answered from the two specific entries, not the general guide.
  const specific = scored.filter((x) => !x.entry.id.endsWith('-guide'));
  const comparing = COMBINE.test(t) && specific.length >= 2 && specific[1]!.entry.category === specific[0]!.entry.category
    && specific[1]!.score >= specific[0]!.score * 0.6;
  const first = comparing ? specific[0]!.entry : scored[0]?.entry ?? fromTopics[0];
  if (!first) return unclearAnswer();
  const second = comparing ? specific[1]!.entry
    : scored[1] && COMBINE.test(t) && scored[1].score >= scored[0]!.score * 0.6 && scored[1].entry.category === first.category ? scored[1].entry : null;
  const paragraphs: string[] = [];
  if (u.accessory) paragraphs.push(NO_SHOPS_NOTE);
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
      if (paragraphs.length < 6) paragraphs.push('Ask me for three to try (for example "a medium maduro robusto") and I\'ll pick them from the catalog for your taste.');
    }
  }
  return { text: paragraphs.join('\n\n'), suggestions };
}

function exampleFor(ctx: Ctx, spec: ExampleSpec, used: ReadonlySet<string>): { f: CigarFeatures; sentence: string; reason: string } | null {
  const { idx, taste } = ctx;
  let best: { f: CigarFeatures; s: number } | null = null;
  for (const f of idx.cigars) {
    if (used.has(f.cigar.id)) continue;
    if (spec.wrapper && !f.tags.has(spec.wrapper)) continue;
    if (spec.vitolas && !spec.vitolas.includes(f.cigar.vitola) && !(spec.minRing && f.cigar.ringGauge >= spec.minRing)) continue;
    if (spec.country && f.cigar.country !== spec.country) continue;
    if (spec.strengths && !spec.strengths.includes(f.cigar.strength)) continue;
    // Clear examples first (one wrapper, named as such), then the member's taste.
    const w = normalize(`${f.cigar.wrapper} ${f.cigar.name}`);
    const clarity = spec.wrapper ? (/ or /.test(w) ? 0 : 0.3) + (w.includes(` ${spec.wrapper.replace('-', ' ')} `) ? 0.2 : 0) : 0;
    const s = clarity + tasteScore(f, taste) + (f.flavours.length ? 0.05 : 0);
    if (!best || s > best.s + 1e-12 || (Math.abs(s - best.s) <= 1e-12 && f.cigar.id < best.f.cigar.id)) best = { f, s };
  }
  if (!best) return null;
  const f = best.f;
  const c = f.cigar;
  const flav = flavourPhrase(f);
  const sentence = `An example from the catalog: the ${cigarTitle(c)}, a ${c.strength} ${c.vitola.toLowerCase()} (${sizeLabel(c)}) from ${c.country === 'Dominican Republic' ? 'the Dominican Republic' : c.country} with ${article(c.wrapper)} wrapper${flav ? `, ${flav.startsWith('notes') ? '' : 'and '}${flav}` : ''}.`;
  return { f, sentence, reason: reasonFor(f, { taste }) };
}

const article = (phrase: string) => (/^[AEIOU]/i.test(phrase) ? `an ${phrase}` : `a ${phrase}`);

// ------------------------------------------------------------------ humidor

function smokeNextAnswer(ctx: Ctx): EngineAnswer {
  const { member, idx, req, u } = ctx;
  const byId = new Map(idx.cigars.map((f) => [f.cigar.id, f.cigar]));
  const named = new Set(u.followUp ? u.named : []);
  const all = rankHumidor(member, byId, req.now, idx);
  const ranked = all.filter((p) => !named.has(p.item.cigarId));
  if (!all.length) {
    const picks = quickPicks(ctx.catalog, member, 3, req.now);
    const paragraphs = [
      'Your humidor has nothing to smoke yet, so there is nothing to rank. Add cigars from Search (Add to Humidor) or with Add Cigar on My Humidor, with a box date if you know it, and I\'ll rank them by rest time and your own scores.',
      'Meanwhile, three from the catalog that fit your taste:',
      picks.map((p) => bullet(idx.byId.get(p.cigar.id)!, p.reason)).join('\n'),
    ];
    return { text: paragraphs.join('\n\n'), suggestions: picks.map((p) => suggestionOf(p.cigar, p.reason)) };
  }
  if (!ranked.length) {
    return { text: 'That was everything in your humidor worth lighting right now. Add more from Search and I\'ll rank them too, or ask me for something new from the catalog.', suggestions: [] };
  }
  const title = (p: HumidorPick) => (p.f ? cigarTitle(p.f.cigar) : `${p.item.brandName} ${p.item.cigarName}`);
  const shape = (p: HumidorPick) => (p.f ? ` (${p.f.cigar.vitola}, ${sizeLabel(p.f.cigar)}, ${minutesLabel(p.f)})` : '');
  const top = ranked[0]!;
  const paragraphs: string[] = [];
  const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
  if (top.readiness === 'acclimatising') {
    const lead = all.every((p) => p.readiness === 'acclimatising')
      ? 'Everything in your humidor arrived within the last three weeks, so nothing has fully settled yet. If you can\'t wait, the best bet is'
      : 'What is left in your humidor is still settling. If you can\'t wait, the best bet is';
    paragraphs.push(`${lead} the ${title(top)}${shape(top)}: ${lower(top.reason)}.`);
  } else {
    paragraphs.push(`From your humidor, I'd light the ${title(top)}${shape(top)} next: ${lower(top.reason)}.`);
  }
  paragraphs.push(`Pairing: ${top.pairing}`);
  const others = ranked.slice(1).filter((p) => p.readiness !== 'acclimatising').slice(0, 2);
  if (others.length) paragraphs.push(`Also ready:\n${others.map((p) => `- ${title(p)}${shape(p)}: ${p.reason}.`).join('\n')}`);
  const waiting = ranked.filter((p) => p.readiness === 'acclimatising' && p !== top).slice(0, 2);
  const when = (p: HumidorPick) => (p.addedDays === 0 ? 'today' : p.addedDays === 1 ? 'yesterday' : `${p.addedDays} days ago`);
  if (waiting.length) paragraphs.push(`Let ${joinAnd(waiting.map((p) => `the ${title(p)}, added ${when(p)},`))} rest: cigars need two to three weeks to settle after arriving.`);
  if (!ctx.taste.hasReviews) paragraphs.push('Review what you smoke and I\'ll weigh your own draw, burn and flavor scores too.');
  const suggestions = [top, ...others]
    .filter((p) => p.f !== null)
    .map((p) => suggestionOf(p.f!.cigar, `${p.reason}. ${p.pairing}`));
  return { text: paragraphs.slice(0, 6).join('\n\n'), suggestions };
}

// ------------------------------------------------------------------ one cigar

const PAIRING_QUESTION = / (pair|pairs|pairing|drink|drinks|goes with|go with|sip|match) /;

function cigarInfoAnswer(ctx: Ctx): EngineAnswer {
  const { u, idx, taste, member, req } = ctx;
  const fs = (u.cigarRef ?? []).map((id) => idx.byId.get(id)).filter((f): f is CigarFeatures => f !== undefined);
  if (!fs.length) return unclearAnswer();
  const pairingAsked = PAIRING_QUESTION.test(normalize(req.message));
  if (fs.length > 1) return rangeAnswer(ctx, fs, pairingAsked);
  const f = fs[0]!;
  const c = f.cigar;
  const reason = reasonFor(f, { taste });
  const facts = `The ${cigarTitle(c)} is a ${c.strength} ${c.vitola.toLowerCase()} (${sizeLabel(c)}, ${minutesLabel(f)}) made in ${c.country}: ${c.wrapper} wrapper, ${c.binder} binder and ${c.filler} filler.`;
  if (pairingAsked) {
    const drink = u.drink ? ` ${DRINKS[u.drink].advice}` : '';
    return {
      text: [`With the ${cigarTitle(c)}: ${pairingFor(c.strength)}${drink}`, facts, f.line].join('\n\n'),
      suggestions: [suggestionOf(c, reason)],
    };
  }
  const paragraphs = [facts, f.line];
  const personal: string[] = [];
  const own = taste.reviewed.get(c.id);
  if (own) personal.push(`You scored it ${own.overallScore} overall (draw ${own.drawScore}, burn ${own.burnScore}, flavor ${own.flavorScore}).`);
  const held = member.humidor.filter((i) => i.cigarId === c.id && i.quantity > 0);
  if (held.length) {
    const pick = rankHumidor({ ...member, humidor: held }, new Map([[c.id, c]]), req.now, idx)[0];
    personal.push(`You have ${held.reduce((s, i) => s + i.quantity, 0)} in your humidor${pick ? ` (${lowerFirstChar(pick.reason.split('; ')[0]!)})` : ''}.`);
  }
  if (taste.wish.has(c.id)) personal.push('It is on your wishlist.');
  if (!personal.length && taste.hasReviews) {
    const s = tasteScore(f, taste);
    if (s > 0.35) personal.push('It fits the cigars you rate highly.');
    else if (s < 0) personal.push(`It is a change from what you usually rate highly${taste.centre !== null ? `, which runs ${STRENGTHS[Math.round(taste.centre)]}` : ''}.`);
  }
  if (personal.length) paragraphs.push(personal.join(' '));
  paragraphs.push(`Pairing: ${pairingFor(c.strength)}`);
  paragraphs.push(`Ask for "something like the ${cigarTitle(c)}" and I'll find similar cigars.`);
  return { text: paragraphs.join('\n\n'), suggestions: [suggestionOf(c, reason)] };
}

/** A line or a whole brand: one bullet per line (a line's sizes when there is only one line). */
function rangeAnswer(ctx: Ctx, fs: CigarFeatures[], pairingAsked: boolean): EngineAnswer {
  const { idx, taste } = ctx;
  const p = profileOf(fs.map((f) => f.cigar.id), idx)!;
  const strengths = [...new Set(fs.map((f) => f.cigar.strength))].sort((a, b) => strengthRank(a) - strengthRank(b));
  const byLine = new Map<string, CigarFeatures[]>();
  for (const f of fs) byLine.set(f.lineKey, [...(byLine.get(f.lineKey) ?? []), f]);
  let shown: CigarFeatures[];
  let head: string;
  if (byLine.size === 1) {
    shown = pickSpread(fs.slice().sort((a, b) => a.cigar.length - b.cigar.length || a.cigar.id.localeCompare(b.cigar.id)), 3);
    head = `The catalog has ${fs.length} ${fs.length === 1 ? 'size' : 'sizes'} of the ${p.title}, ${strengthLabel(strengths)}: ${fs[0]!.line}`;
  } else {
    // The member's best fit from each line, up to four lines.
    shown = [...byLine.values()]
      .map((line) => line.slice().sort((a, b) => tasteScore(b, taste) - tasteScore(a, taste) || a.cigar.id.localeCompare(b.cigar.id))[0]!)
      .sort((a, b) => tasteScore(b, taste) - tasteScore(a, taste) || a.cigar.id.localeCompare(b.cigar.id))
      .slice(0, 4);
    head = `The catalog has ${fs.length} ${fs[0]!.cigar.brandName} cigars in ${byLine.size} lines, ${strengthLabel(strengths)}. One from each of ${shown.length === byLine.size ? 'them' : `${shown.length} of them`}:`;
  }
  const paragraphs = [head, shown.map((f) => bullet(f, reasonFor(f, { taste }))).join('\n')];
  const top = strengths[strengths.length - 1]!;
  if (pairingAsked) paragraphs.unshift(`With the ${p.title} (${strengthLabel(strengths)}): ${pairingFor(top)}${ctx.u.drink ? ` ${DRINKS[ctx.u.drink].advice}` : ''}`);
  else if (strengths.length === 1) paragraphs.push(`Pairing: ${pairingFor(top)}`);
  paragraphs.push(`Ask about one of them by name, or for "something like the ${cigarTitle(shown[0]!.cigar)}".`);
  return { text: paragraphs.join('\n\n'), suggestions: shown.map((f) => suggestionOf(f.cigar, reasonFor(f, { taste }))) };
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
  const { u, idx, taste, member } = ctx;
  const ref = (u.cigarRef ?? []).map((id) => idx.byId.get(id)).filter((f): f is CigarFeatures => f !== undefined);
  if (ref.length) {
    // A price for one cigar or line: no number to give, but what the member logged for it, and what it is.
    const f = ref[0]!;
    const title = ref.length === 1 ? cigarTitle(f.cigar) : profileOf(ref.map((x) => x.cigar.id), idx)!.title;
    const mine = member.humidor.filter((i) => ref.some((x) => x.cigar.id === i.cigarId) && i.pricePaid !== null);
    const paragraphs = [
      `I can't quote a price for the ${title}: the catalog lists no prices (they vary by country, tax and seller), and Torcedor doesn't sell cigars or point to sellers.`,
    ];
    if (mine.length) paragraphs.push(`You logged paying ${joinAnd(mine.map((i) => `${money(i.pricePaid!)} a stick for the ${i.brandName} ${i.cigarName}`))}.`);
    const shown = ref.slice(0, 3);
    paragraphs.push(`What it is:\n${shown.map((x) => bullet(x, reasonFor(x, { taste }))).join('\n')}`);
    return { text: paragraphs.join('\n\n'), suggestions: shown.map((x) => suggestionOf(x.cigar, reasonFor(x, { taste }))) };
  }
  const paragraphs = [priceNote(member, u.price?.max ?? null)];
  // The only price hints the catalog holds: lines its descriptions call everyday or value smokes.
  const result = rankCatalog(idx, taste, {
    filters: { ...u.filters, sources: { ...u.filters.sources } }, similar: null, occasions: u.occasions, drink: u.drink, budget: true,
    exclude: new Set(), n: 3,
  });
  const everyday = result.picks.filter((r) => r.f.marks.everyday);
  if (everyday.length) {
    paragraphs.push(`The only price hints in the catalog are lines its descriptions call everyday or value smokes:\n${everyday.map((r) => bullet(r.f, reasonFor(r.f, { taste }))).join('\n')}`);
  }
  paragraphs.push('Tell me the style you enjoy (strength, wrapper, size) and I\'ll suggest cigars from the catalog.');
  return { text: paragraphs.join('\n\n'), suggestions: everyday.map((r) => suggestionOf(r.f.cigar, reasonFor(r.f, { taste }))) };
}

// ------------------------------------------------------------------ the rest

function greetingAnswer(ctx: Ctx): EngineAnswer {
  const { member } = ctx;
  const sticks = member.humidor.reduce((s, i) => s + Math.max(0, i.quantity), 0);
  const personal = member.reviews.length
    ? `I can see your ${member.reviews.length} ${member.reviews.length === 1 ? 'review' : 'reviews'}${sticks ? ` and the ${sticks} ${sticks === 1 ? 'stick' : 'sticks'} in your humidor` : ''}, so my picks follow your taste.`
    : sticks ? `I can see the ${sticks} ${sticks === 1 ? 'stick' : 'sticks'} in your humidor; review what you smoke and my picks will follow your taste.`
      : 'Review a few cigars you have smoked and my picks will follow your taste.';
  const text = [
    'Hello! I\'m VitolAI (beta), Torcedor\'s cigar assistant. I can:',
    [
      '- Recommend cigars from the club\'s catalog, for example "a mild Connecticut robusto" or "something like the Padrón 1964 Exclusivo"',
      '- Pick what to smoke next from your humidor, by rest time and your own scores',
      '- Explain wrappers, vitolas, storage, cutting, lighting, etiquette and pairings',
      '- Help you find your way around Torcedor: humidor, wishlist, reviews, events, premium and settings',
    ].join('\n'),
    personal,
    'What are you in the mood for?',
  ].join('\n\n');
  return { text, suggestions: [] };
}

function unclearAnswer(): EngineAnswer {
  return {
    text: [
      'I\'m not sure I followed that. A few things you can ask me:',
      '- A style: "a medium Nicaraguan toro" or "something full-bodied for after dinner"\n- "Something like" a cigar you enjoyed\n- "What should I smoke next from my humidor?"\n- Storage, cutting, lighting, pairings, or how something works in Torcedor',
    ].join('\n\n'),
    suggestions: [],
  };
}

function offTopicAnswer(): EngineAnswer {
  return {
    text: [
      'That\'s outside what I can help with: I stick to cigars and the club.',
      'I can recommend cigars from the catalog, pick what to smoke next from your humidor, explain wrappers, storage or pairings, or walk you through Torcedor\'s features. What would you like?',
    ].join('\n\n'),
    suggestions: [],
  };
}

