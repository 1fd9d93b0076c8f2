import { BAND_MATCHES_SHOWN } from './constants.ts';
import { editDistance, normalize } from './text-match.ts';

/**
 * Band scan's matcher (docs/band-scan.md, "Matching"): ranks catalog cigars from the noisy text OCR reads off a
 * cigar band. Unlike the search, which wants every word, a band carries words the catalog does not know ("HECHO A
 * MANO", "HABANA", OCR debris), so a cigar scores by the catalog words the text holds: its brand's and its line's
 * above its size's and vitola's, rare words ("1926", "opus") above common ones ("serie", "no"). OCR's letter/digit
 * confusions, broken letters, words cut at the band's edge, missing spaces ("OPUSX") and split words ("PAD RON")
 * are tolerated. Pure: the index is built from the catalog once and answers in memory.
 */
export interface BandCigar { id: string; brandName: string; name: string; vitola: string }
export type Part = 'brand' | 'line' | 'vitola';
export interface BandMatch<C> { cigar: C; confidence: number; matched: Record<Part, string[]> }
/** What the member already knows: a brand weighs in for that brand's words, never alone. */
export interface BandHints { brand?: string }

/**
 * A word's role in a cigar. The line is the part of the name the cigars of one line share ("1926 Serie"); the size
 * is the rest of the name ("No. 9", "Exclusivo", "Short Story"); the vitola is the shape ("Robusto").
 */
const BRAND = 0;
const LINE = 1;
const SIZE = 2;
const VITOLA = 3;
type Role = typeof BRAND | typeof LINE | typeof SIZE | typeof VITOLA;
const ROLE_WEIGHT = [3, 3, 2, 1] as const;
const ROLE_PART: readonly Part[] = ['brand', 'line', 'vitola', 'vitola'];

/** OCR's letter/digit confusions folded to one character on both sides: 0/o, 1/l/i, 2/z, 5/s, 6/g, 8/b. */
const OCR_FOLD: Record<string, string> = { 0: 'o', 1: 'l', i: 'l', 2: 'z', 5: 's', 6: 'g', 8: 'b' };
/** A normalized word with OCR's confusable characters folded ("padr0n", "padron" -> "padron"; "ser1e" -> "serle"). */
export const skeleton = (w: string) => w.replace(/[01i2568]/g, (c) => OCR_FOLD[c]!);

/**
 * Words printed on bands that name no cigar: where and how it is made, boilerplate, articles. Read, they still count
 * for a cigar whose name holds them ("La Flor Dominicana"), but they never make a cigar a match on their own.
 */
const BOILERPLATE = new Set([
  'hecho', 'a', 'mano', 'en', 'hand', 'handmade', 'made', 'rolled', 'in', 'by', 'habana', 'havana', 'habanos', 'cuba', 'cuban',
  'republica', 'rep', 'republic', 'dominicana', 'dominican', 'nicaragua', 'nicaraguan', 'honduras', 'mexico', 'ecuador', 'esteli',
  'usa', 'premium', 'cigar', 'cigars', 'cigares', 'cigarros', 'puros', 'puro', 'tabaco', 'tabacos', 'tobacco', 'since', 'est', 'estd',
  'established', 'of', 'the', 'and', 'y', 'de', 'la', 'el', 'los', 'las', 'del', 'co', 'company', 'cia', 'fabrica', 'marca',
  'registrada', 'totalmente', 'totally', 'long', 'filler', 'tripa', 'larga', 'fine', 'finest', 'quality', 'limited', 'edition',
  'edicion', 'limitada',
]);
/** Size numbers in Roman numerals ("No. III"): OCR reads them out of any stroke ("lll"), so they never match alone. */
const ROMAN = /^(i{1,3}|iv|vi{0,3}|ix|xi{0,3})$/;
/** Words that number a size inside a name ("No. 9"): the line ends before them. */
const SIZE_MARKS = new Set(['no', 'n', 'nr', 'num', 'numero']);

/** Typos a word may carry: none under 4 characters, one up to 6, two from 7. */
const allowedEdits = (len: number) => (len >= 7 ? 2 : len >= 4 ? 1 : 0);
/** Short words are weak evidence whatever their rarity ("x", "no", "d"). */
const lengthFactor = (len: number) => (len >= 3 ? 1 : len === 2 ? 0.75 : 0.5);
/** How sure a reading is: exact 1, OCR swap 0.95, typos and cut words less. */
const SWAP_Q = 0.95;
/** A lone character read as another ("G" for "6") is a guess. */
const LONE_SWAP_Q = 0.5;
const typoQ = (edits: number, len: number) => Math.max(0.3, 0.9 - (1.2 * edits) / len);
const cutQ = (read: number, len: number) => 0.4 + (0.5 * read) / len;
const SHORT_CUT_Q = 0.5;
/** A word read joined with its neighbours ("PAD RON"), or out of a run of words read without spaces ("OPUSX"). */
const JOINED_Q = 0.95;
const SPLIT_Q = 0.9;
/** A cigar matches only if one of its name's own words (not boilerplate, not a vitola, 3+ characters) was read this well. */
const EVIDENCE_Q = 0.62;
/** Longest token tried as words run together, and most tokens read from one text. */
const SPLIT_MAX = 24;
const TOKENS_MAX = 300;

interface Word {
  text: string;
  skel: string;
  numeric: boolean;
  /** Can make a cigar a match: 3+ characters, not boilerplate, not a vitola's word. */
  evidence: boolean;
  slots: number[];
}
interface Emission { word: number; q: number; evident: boolean; brandOnly: boolean }

const tokensOf = (s: string) => normalize(s).split(' ').filter(Boolean);
/** The words as the catalog writes them (accents, case), aligned with tokensOf where the counts agree. */
const shownOf = (s: string) => s.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
const numericCollator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

export class BandMatcher<C extends BandCigar> {
  private readonly cigars: C[];
  private readonly words: Word[] = [];
  private readonly wordIds = new Map<string, number>();
  /** Skeleton -> words; deletion variants (typo candidates) -> words; skeletons sorted, forwards and backwards (cut words). */
  private readonly bySkel = new Map<string, number[]>();
  private readonly byDeletion = new Map<string, number[]>();
  private readonly sortedSkels: string[];
  private readonly sortedReversed: string[];
  /** Per slot (one word of one cigar): the word, its role, its weight, how the catalog writes it, its cigar. */
  private readonly slotWord: number[] = [];
  private readonly slotRole: Role[] = [];
  private readonly slotWeight: number[] = [];
  private readonly slotShown: string[] = [];
  private readonly slotCigar: number[] = [];
  /** Per cigar: its first slot and count, its line, its brand and line weight, its place in name order. */
  private readonly start: number[] = [];
  private readonly count: number[] = [];
  private readonly lineOf: number[] = [];
  private readonly mass: number[] = [];
  private readonly nameRank: Int32Array;
  /** Per query scratch, reset after each match. */
  private readonly best: Float64Array;
  private readonly evident: Float64Array;

  constructor(cigars: readonly C[]) {
    this.cigars = [...cigars];
    const n = this.cigars.length;
    const parsed = this.cigars.map((c) => ({ brand: tokensOf(c.brandName), name: tokensOf(c.name), vitola: tokensOf(c.vitola) }));
    const vitolaWords = new Set(parsed.flatMap((p) => p.vitola));
    const lineLengths = this.lineLengths(parsed);
    const lineIds = new Map<string, number>();
    const df = new Map<string, number>();

    this.cigars.forEach((c, i) => {
      const p = parsed[i]!;
      const vitola = new Set(p.vitola);
      const lineLength = lineLengths[i]!;
      const roles = new Map<string, { role: Role; shown: string }>();
      const add = (w: string, role: Role, shown: string) => { if (!roles.has(w)) roles.set(w, { role, shown }); };
      const brandShown = shownOf(c.brandName);
      const nameShown = shownOf(c.name);
      const vitolaShown = shownOf(c.vitola);
      const aligned = (shown: string[], tokens: string[], j: number) => (shown.length === tokens.length ? shown[j]! : tokens[j]!);
      p.brand.forEach((w, j) => add(w, BRAND, aligned(brandShown, p.brand, j)));
      p.name.forEach((w, j) => {
        // The name's own size words weigh more than its vitola's: a band reading "TORPEDO" means the size so named.
        const role = lineLength === null
          ? (vitola.has(w) || SIZE_MARKS.has(w) || /^\d{1,2}$/.test(w) ? SIZE : LINE)
          : j < lineLength ? LINE : SIZE;
        add(w, role, aligned(nameShown, p.name, j));
      });
      p.vitola.forEach((w, j) => add(w, VITOLA, aligned(vitolaShown, p.vitola, j)));

      const lineKey = `${p.brand.join(' ')}|${[...roles].filter(([, r]) => r.role === LINE).map(([w]) => w).join(' ')}`;
      if (!lineIds.has(lineKey)) lineIds.set(lineKey, lineIds.size);
      this.lineOf.push(lineIds.get(lineKey)!);
      this.start.push(this.slotWord.length);
      this.count.push(roles.size);
      for (const [w, { role, shown }] of roles) {
        let id = this.wordIds.get(w);
        if (id === undefined) {
          id = this.words.length;
          this.wordIds.set(w, id);
          this.words.push({
            text: w, skel: skeleton(w), numeric: /^\d+$/.test(w), slots: [],
            evidence: w.length >= 3 && !BOILERPLATE.has(w) && !vitolaWords.has(w) && !ROMAN.test(w),
          });
        }
        this.words[id]!.slots.push(this.slotWord.length);
        this.slotWord.push(id);
        this.slotRole.push(role);
        this.slotShown.push(shown);
        this.slotCigar.push(i);
        df.set(w, (df.get(w) ?? 0) + 1);
      }
    });

    // Rarity over the catalog's cigars: "1926" (6 cigars) says more than "serie" (30) or "robusto" (100).
    for (let s = 0; s < this.slotWord.length; s++) {
      const w = this.words[this.slotWord[s]!]!;
      const idf = Math.log((n + 1) / (df.get(w.text)! + 0.5));
      this.slotWeight.push(ROLE_WEIGHT[this.slotRole[s]!] * idf * lengthFactor(w.text.length));
    }
    for (let i = 0; i < n; i++) {
      let m = 0;
      for (let s = this.start[i]!; s < this.start[i]! + this.count[i]!; s++) if (this.slotRole[s]! <= LINE) m += this.slotWeight[s]!;
      this.mass.push(m);
    }

    this.words.forEach((w, id) => {
      push(this.bySkel, w.skel, id);
      if (!w.numeric) for (const v of deletions(w.skel, allowedEdits(w.skel.length))) push(this.byDeletion, v, id);
    });
    this.sortedSkels = [...this.bySkel.keys()].sort();
    this.sortedReversed = this.sortedSkels.map(reverse).sort();

    this.nameRank = new Int32Array(n);
    this.cigars.map((c, i) => [`${c.brandName} ${c.name}`, i] as const)
      .sort((a, b) => numericCollator.compare(a[0], b[0]) || a[1] - b[1])
      .forEach(([, i], rank) => { this.nameRank[i] = rank; });
    this.best = new Float64Array(this.slotWord.length);
    this.evident = new Float64Array(this.slotWord.length);
  }

  /**
   * Per cigar, how many words of its name make its line: the words it shares with another cigar of its brand (the
   * longest common start, without a trailing "No."), so "1926 Serie No. 9" and "1926 Serie No. 6" share "1926 Serie".
   * null for a cigar that shares nothing: its line is then its name without the vitola and the size numbers.
   */
  private lineLengths(parsed: { brand: string[]; name: string[] }[]): (number | null)[] {
    const out: (number | null)[] = parsed.map(() => null);
    const byBrand = new Map<string, number[]>();
    parsed.forEach((p, i) => push(byBrand, p.brand.join(' '), i));
    for (const members of byBrand.values()) {
      // In word order, the longest common start with any other name is the one with a neighbour.
      const sorted = [...members].sort((a, b) => compareWords(parsed[a]!.name, parsed[b]!.name));
      const common = (a: number, b: number) => {
        const x = parsed[a]!.name;
        const y = parsed[b]!.name;
        let k = 0;
        while (k < x.length && k < y.length && x[k] === y[k]) k++;
        return k;
      };
      sorted.forEach((i, j) => {
        let k = Math.max(j > 0 ? common(i, sorted[j - 1]!) : 0, j + 1 < sorted.length ? common(i, sorted[j + 1]!) : 0);
        while (k > 0 && SIZE_MARKS.has(parsed[i]!.name[k - 1]!)) k--;
        out[i] = k > 0 ? k : null;
      });
    }
    return out;
  }

  /** The best matches of a band's text, at most `limit`, best first; none when nothing in the catalog fits. */
  match(text: string, limit = BAND_MATCHES_SHOWN, hints: BandHints = {}): BandMatch<C>[] {
    const emissions: Emission[] = [];
    // One run of words: OCR breaks a band's words across lines as readily as across spaces ("EXC ALIB\nUR").
    this.read(tokensOf(text).slice(0, TOKENS_MAX), false, emissions);
    if (hints.brand) this.read(tokensOf(hints.brand).slice(0, 10), true, emissions);
    if (!emissions.length) return [];

    const touchedSlots: number[] = [];
    for (const e of emissions) {
      for (const s of this.words[e.word]!.slots) {
        if (e.brandOnly && this.slotRole[s] !== BRAND) continue;
        if (this.best[s] === 0) touchedSlots.push(s);
        if (e.q > this.best[s]!) this.best[s] = e.q;
        if (e.evident && e.q > this.evident[s]!) this.evident[s] = e.q;
      }
    }
    const touched = new Set<number>();
    for (const s of touchedSlots) touched.add(this.slotCigar[s]!);

    const scored: { i: number; score: number; coverage: number }[] = [];
    for (const i of touched) {
      let score = 0;
      let covered = 0;
      let mass = this.mass[i]!;
      let sizeMass = 0;
      let sizeRead = false;
      let qualifies = false;
      for (let s = this.start[i]!; s < this.start[i]! + this.count[i]!; s++) {
        const role = this.slotRole[s]!;
        const weight = this.slotWeight[s]!;
        if (role === SIZE) sizeMass += weight;
        const q = this.best[s]!;
        if (!q) continue;
        score += q * weight;
        if (role <= SIZE) covered += q * weight;
        if (role === SIZE) sizeRead = true;
        if (role !== VITOLA && this.evident[s]! >= EVIDENCE_Q && this.words[this.slotWord[s]!]!.evidence) qualifies = true;
      }
      // A size the band names ("Exclusivo", "Double Toro") is part of what it says the cigar is, all of it.
      if (sizeRead) mass += sizeMass;
      if (qualifies) scored.push({ i, score, coverage: mass ? Math.min(1, covered / mass) : 0 });
    }
    for (const s of touchedSlots) {
      this.best[s] = 0;
      this.evident[s] = 0;
    }
    if (!scored.length) return [];

    // The two best lines, for each match's margin over the best line that is not its own.
    let firstLine = -1;
    let firstScore = 0;
    let secondScore = 0;
    const lineBest = new Map<number, number>();
    const strength = (s: (typeof scored)[number]) => s.score * s.coverage;
    for (const s of scored) {
      const line = this.lineOf[s.i]!;
      if (strength(s) > (lineBest.get(line) ?? 0)) lineBest.set(line, strength(s));
    }
    for (const [line, score] of lineBest) {
      if (score > firstScore) {
        secondScore = firstScore;
        firstScore = score;
        firstLine = line;
      } else if (score > secondScore) secondScore = score;
    }

    // Best score first, then the fuller match; the same (a line's sizes, none named) in name order.
    const differ = (x: number) => (Math.abs(x) > 1e-9 ? x : 0);
    const before = (a: (typeof scored)[number], b: (typeof scored)[number]) =>
      differ(b.score - a.score) || differ(b.coverage - a.coverage) || this.nameRank[a.i]! - this.nameRank[b.i]!;
    const top: typeof scored = [];
    for (const s of scored) {
      if (top.length === limit && before(s, top[top.length - 1]!) >= 0) continue;
      let k = top.length;
      while (k > 0 && before(s, top[k - 1]!) < 0) k--;
      top.splice(k, 0, s);
      if (top.length > limit) top.pop();
    }

    let ceiling = 1;
    return top.map((s) => {
      // How clearly it beats the best other line, each by its score times its coverage (a line that holds the same
      // words but more besides, "Opus X Perfecxion" for "OPUS X", fits less well).
      const own = strength(s);
      const rival = this.lineOf[s.i] === firstLine ? secondScore : firstScore;
      const margin = rival >= own ? 0 : (own - rival) / own;
      const raw = s.coverage * (0.4 + 0.6 * margin);
      // Never more confident in a lower match than in a higher one.
      ceiling = Math.min(ceiling, Math.round(raw * 100) / 100);
      return { cigar: this.cigars[s.i]!, confidence: ceiling, matched: this.matchedWords(s.i, emissions) };
    });
  }

  /** The catalog words of cigar `i` the text holds (not the hint), by part, as the catalog writes them. */
  private matchedWords(i: number, emissions: Emission[]): Record<Part, string[]> {
    const read = new Set(emissions.filter((e) => !e.brandOnly).map((e) => e.word));
    const out: Record<Part, string[]> = { brand: [], line: [], vitola: [] };
    for (let s = this.start[i]!; s < this.start[i]! + this.count[i]!; s++) {
      if (read.has(this.slotWord[s]!)) out[ROLE_PART[this.slotRole[s]!]!].push(this.slotShown[s]!);
    }
    return out;
  }

  /** Catalog words one line of text (or a brand hint) can hold: each word, neighbours joined, runs split. */
  private read(tokens: string[], brandOnly: boolean, out: Emission[]) {
    const evident = (from: number, to: number) => !brandOnly && tokens.slice(from, to).some((t) => !BOILERPLATE.has(t));
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      const found = this.lookup(token, 1);
      if (!found.length && token.length <= SPLIT_MAX) found.push(...this.split(token));
      for (const f of found) out.push({ ...f, evident: evident(i, i + 1), brandOnly });
      // A word OCR split in two or three ("PAD RON", "EXC ALIB UR"): joins that are a catalog word, or its cut start or
      // end, with no typo (a typo there would find words in any two neighbours).
      let joined = token;
      for (let j = i + 1; j < Math.min(tokens.length, i + 3); j++) {
        joined += tokens[j]!;
        for (const f of this.lookup(joined, JOINED_Q, 'cut')) out.push({ ...f, evident: evident(i, j + 1), brandOnly });
      }
    }
  }

  /** Words a read token can be: the same skeleton; else within its typo budget; else a word it starts or ends (cut). */
  private lookup(token: string, factor: number, tolerate: 'typo' | 'cut' | 'both' = 'both'): { word: number; q: number }[] {
    const skel = skeleton(token);
    const same = this.bySkel.get(skel);
    if (same) return same.map((id) => ({ word: id, q: factor * (this.words[id]!.text === token ? 1 : skel.length > 1 ? SWAP_Q : LONE_SWAP_Q) }));
    if (skel.length < 3 || /^\d+$/.test(token)) return [];
    const out = new Map<number, number>();
    const budget = tolerate === 'cut' ? 0 : allowedEdits(skel.length);
    if (budget) for (const v of deletions(skel, budget)) {
      for (const id of this.byDeletion.get(v) ?? []) {
        const w = this.words[id]!;
        const allowed = Math.min(budget, allowedEdits(w.skel.length));
        if (out.has(id) || Math.abs(w.skel.length - skel.length) > allowed) continue;
        const d = editDistance(skel, w.skel, allowed);
        if (d <= allowed) out.set(id, factor * typoQ(d, Math.max(skel.length, w.skel.length)));
      }
    }
    if (!out.size && tolerate !== 'typo') {
      // Cut at the band's edge: the start or the end of a longer word ("ONTECRISTO", "ANNIVERS"); a short piece
      // ("TOR" of "TORO") only of a short word, and as a guess that never makes a match alone.
      const cut = (sorted: string[], key: string, back: boolean) => {
        let lo = 0;
        let hi = sorted.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (sorted[mid]! < key) lo = mid + 1; else hi = mid;
        }
        for (let k = lo; k < sorted.length && sorted[k]!.startsWith(key); k++) {
          const whole = back ? reverse(sorted[k]!) : sorted[k]!;
          if (whole.length === key.length || key.length < whole.length * (key.length >= 5 ? 0.5 : 0.7)) continue;
          const q = key.length >= 5 ? cutQ(key.length, whole.length) : SHORT_CUT_Q;
          for (const id of this.bySkel.get(whole)!) out.set(id, Math.max(out.get(id) ?? 0, factor * q));
        }
      };
      cut(this.sortedSkels, skel, false);
      cut(this.sortedReversed, reverse(skel), true);
    }
    return [...out].map(([word, q]) => ({ word, q }));
  }

  /** A run of words read without spaces ("OPUSX", "ROCKYPATEL", "SERIEV"): the best cut into two or three catalog words. */
  private split(token: string): { word: number; q: number }[] {
    let best: { word: number; q: number }[] = [];
    let bestCover = 0;
    const exact = (piece: string) => this.bySkel.get(skeleton(piece));
    const consider = (pieces: string[]) => {
      // Pieces of two characters or more (a last one may be a letter: "OPUSX"), one of four or more.
      if (pieces.some((p, k) => p.length < (k === pieces.length - 1 ? 1 : 2)) || !pieces.some((p) => p.length >= 4)) return;
      const found = pieces.map((p) => (p.length >= 5 && p.length <= 12 ? this.lookup(p, SPLIT_Q, 'typo') : (exact(p) ?? []).map((id) => ({ word: id, q: SPLIT_Q }))));
      if (found.some((f) => !f.length)) return;
      const cover = found.reduce((sum, f, k) => sum + Math.max(...f.map((x) => x.q)) * pieces[k]!.length, 0);
      if (cover > bestCover + 1e-9) {
        bestCover = cover;
        best = found.flat();
      }
    };
    for (let a = 2; a < token.length; a++) {
      const left = token.slice(0, a);
      const right = token.slice(a);
      consider([left, right]);
      if (!exact(left) || right.length < 2) continue;
      for (let b = 2; b < right.length; b++) {
        if (exact(right.slice(0, b))) consider([left, right.slice(0, b), right.slice(b)]);
      }
    }
    return best;
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value); else map.set(key, [value]);
}

const reverse = (s: string) => [...s].reverse().join('');

function compareWords(a: string[], b: string[]) {
  for (let k = 0; k < Math.min(a.length, b.length); k++) if (a[k] !== b[k]) return a[k]! < b[k]! ? -1 : 1;
  return a.length - b.length;
}

/** The word and every form of it with up to `max` characters deleted (typo candidates meet on a shared form). */
function deletions(word: string, max: number): Set<string> {
  const out = new Set([word]);
  let frontier = [word];
  for (let d = 0; d < max; d++) {
    const next: string[] = [];
    for (const w of frontier) {
      for (let k = 0; k < w.length; k++) {
        const v = w.slice(0, k) + w.slice(k + 1);
        if (!out.has(v)) {
          out.add(v);
          next.push(v);
        }
      }
    }
    frontier = next;
  }
  return out;
}
