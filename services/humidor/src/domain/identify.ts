import { BAND_MATCHES_SHOWN } from '@torcedor/shared/constants';
import { editDistance, normalize } from './search.ts';

/**
 * Band scan's matcher (docs/band-scan.md, "Matching"): ranks catalog cigars from the noisy text OCR reads off a
 * band. Unlike the search, which wants every word, a band carries words the catalog does not know ("HECHO A MANO",
 * "HABANA", OCR debris), so a cigar scores by the catalog words the text holds: its brand's and its line's above
 * its vitola's, rare words ("1926", "opus") above common ones ("serie", "no"). OCR's confusions (0/o, 1/l/i, 5/s,
 * 8/b), broken letters (typos), missing spaces ("OPUSX") and split words ("PAD RON") are tolerated.
 * Pure: an index is built from the catalog once and answers in memory.
 */
export interface BandCigar { id: string; brandName: string; name: string; vitola: string }
export type Part = 'brand' | 'line' | 'vitola';
export interface BandMatch<C> { cigar: C; confidence: number; matched: Record<Part, string[]> }

const PART_WEIGHT: Record<Part, number> = { brand: 3, line: 2.5, vitola: 1 };
/** Letters OCR reads as digits and back, tried on a word that mixes them ("PADR0N", "I926"). */
const DIGIT_AS_LETTER: Record<string, string[]> = { 0: ['o'], 1: ['i', 'l'], 2: ['z'], 4: ['a'], 5: ['s'], 6: ['g'], 8: ['b'] };
const LETTER_AS_DIGIT: Record<string, string> = { o: '0', i: '1', l: '1', z: '2', s: '5', g: '6', b: '8' };
/** Edits a word of this length may carry and still match: none under 4 letters, one up to 6, two from 7. */
const allowedEdits = (len: number) => (len >= 7 ? 2 : len >= 4 ? 1 : 0);
/** A size designation inside a name: "no" and a single digit ("No. 9"); longer numbers ("1926", "52") name lines. */
const isSizeWord = (w: string) => w === 'no' || /^\d$/.test(w);
/** The top match must hold at least this much of its brand and line, or nothing fits (a band of boilerplate). */
const MIN_CONFIDENCE = 0.3;

interface Word { text: string; part: Part; display: string }
interface Entry<C> { cigar: C; words: Word[]; mass: number; lineKey: string; order: number }

/** The readings of one OCR word: itself and its digit/letter swaps (a word mixing both, or all digits but one). */
export function readings(token: string): string[] {
  const out = new Set([token]);
  const digits = [...token].filter((c) => c >= '0' && c <= '9').length;
  if (digits && digits < token.length) {
    // Mostly letters: digits are misread letters ("padr0n" -> "padron"); mostly digits: letters are misread digits.
    if (digits * 2 <= token.length) {
      let variants = [''];
      for (const ch of token) variants = variants.flatMap((v) => (DIGIT_AS_LETTER[ch] ?? [ch]).map((r) => v + r)).slice(0, 8);
      for (const v of variants) out.add(v);
    } else {
      out.add([...token].map((c) => LETTER_AS_DIGIT[c] ?? c).join(''));
    }
  }
  return [...out];
}

/** How well an OCR reading matches a catalog word: 1 the same, less with each edit, 0 none. */
function similarity(reading: string, word: string, prefix: boolean): number {
  if (reading === word) return 1;
  // A word cut at the band's edge or the frame's ("CHURCH" of "CHURCHILL"); never half of two joined words.
  if (prefix && reading.length >= 4 && word.startsWith(reading)) return 0.75;
  const edits = allowedEdits(Math.min(reading.length, word.length));
  if (!edits) return 0;
  const d = editDistance(reading, word, edits);
  return d <= edits ? 1 - 0.25 * d : 0;
}

export class BandMatcher<C extends BandCigar> {
  private readonly entries: Entry<C>[];
  /** Catalog word -> its rarity (inverse document frequency over the catalog's cigars). */
  private readonly idf = new Map<string, number>();
  /** Catalog words (and the joins of neighbouring ones, "opusx") by first letter, for candidate lookups. */
  private readonly byFirst = new Map<string, string[]>();
  /** A joined form -> the words it joins. */
  private readonly joins = new Map<string, string[]>();
  /** Catalog word -> the entries that hold it. */
  private readonly postings = new Map<string, Set<number>>();

  constructor(cigars: readonly C[]) {
    this.entries = cigars.map((cigar, order) => {
      const brand = normalize(cigar.brandName).split(' ').filter(Boolean);
      const vitola = new Set(normalize(cigar.vitola).split(' ').filter(Boolean));
      const name = normalize(cigar.name).split(' ').filter(Boolean);
      const words: Word[] = [];
      const seen = new Set<string>();
      const add = (text: string, part: Part, display: string) => {
        if (seen.has(text)) return;
        seen.add(text);
        words.push({ text, part, display });
      };
      // The words as the catalog writes them (accents and case kept), aligned with the normalized ones.
      const shown = (s: string) => s.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
      const brandShown = shown(cigar.brandName);
      const nameShown = shown(cigar.name);
      brand.forEach((w, i) => add(w, 'brand', brandShown[i] ?? w));
      // Size words of the name ("No. 9", "Robusto") name the vitola, not the line.
      name.forEach((w, i) => add(w, vitola.has(w) || isSizeWord(w) ? 'vitola' : 'line', nameShown[i] ?? w));
      for (const w of vitola) add(w, 'vitola', w);
      for (const run of [brand, name]) {
        for (let i = 0; i + 1 < run.length; i++) this.joins.set(run[i]! + run[i + 1]!, [run[i]!, run[i + 1]!]);
      }
      // The line: the name without the size words, so the sizes of one line share it.
      const lineKey = `${brand.join(' ')}|${name.filter((w) => !vitola.has(w) && !isSizeWord(w)).join(' ')}`;
      return { cigar, words, mass: 0, lineKey, order };
    });
    this.entries.forEach((e, i) => {
      for (const w of e.words) (this.postings.get(w.text) ?? this.postings.set(w.text, new Set()).get(w.text)!).add(i);
    });
    const n = Math.max(1, this.entries.length);
    for (const [w, docs] of this.postings) this.idf.set(w, Math.log(1 + n / docs.size));
    for (const e of this.entries) e.mass = e.words.filter((w) => w.part !== 'vitola').reduce((m, w) => m + this.weight(w), 0);
    for (const w of [...this.postings.keys(), ...this.joins.keys()]) (this.byFirst.get(w[0]!) ?? this.byFirst.set(w[0]!, []).get(w[0]!)!).push(w);
  }

  private weight(w: Word) {
    return PART_WEIGHT[w.part] * (this.idf.get(w.text) ?? 1);
  }

  /** Catalog words one OCR reading can be, with how well it matches each (joined forms count for both words). */
  private wordsFor(reading: string): Map<string, number> {
    const out = new Map<string, number>();
    const note = (w: string, s: number) => out.set(w, Math.max(out.get(w) ?? 0, s));
    const firsts = new Set([reading[0]!, ...(reading.length > 1 ? [reading[1]!] : [])]);
    for (const f of firsts) {
      for (const w of this.byFirst.get(f) ?? []) {
        if (w.length - reading.length > 2 && !w.startsWith(reading)) continue;
        if (reading.length - w.length > 2) continue;
        const joined = this.joins.get(w);
        const s = similarity(reading, w, !joined);
        if (!s) continue;
        if (joined) for (const j of joined) note(j, s);
        else note(w, s);
      }
    }
    return out;
  }

  /** The best matches of a band's text, at most `limit`, best first; none when nothing in the catalog fits. */
  match(text: string, limit = BAND_MATCHES_SHOWN): BandMatch<C>[] {
    const tokens = normalize(text).split(' ').filter((t) => t.length > 0 && t.length <= 30);
    // Each word, and each word joined with the next (a word OCR split in two).
    const readingsOf = [...tokens.flatMap(readings), ...tokens.slice(1).map((t, i) => tokens[i]! + t)];
    const found = new Map<string, number>();
    for (const r of new Set(readingsOf)) {
      for (const [w, s] of this.wordsFor(r)) found.set(w, Math.max(found.get(w) ?? 0, s));
    }
    if (!found.size) return [];
    const scored: { e: Entry<C>; score: number; coverage: number; matched: Record<Part, string[]> }[] = [];
    const candidates = new Set<number>();
    for (const w of found.keys()) for (const i of this.postings.get(w) ?? []) candidates.add(i);
    for (const i of candidates) {
      const e = this.entries[i]!;
      let score = 0;
      let covered = 0;
      const matched: Record<Part, string[]> = { brand: [], line: [], vitola: [] };
      for (const w of e.words) {
        const s = found.get(w.text);
        if (!s) continue;
        score += s * this.weight(w);
        if (w.part !== 'vitola') covered += s * this.weight(w);
        matched[w.part].push(w.display);
      }
      // Short words ("a", "x", "no") and sizes alone say nothing about the cigar: a word of its brand or line of three
      // or more characters must be there.
      if (!e.words.some((w) => w.part !== 'vitola' && w.text.length >= 3 && found.has(w.text))) continue;
      scored.push({ e, score, coverage: e.mass ? covered / e.mass : 0, matched });
    }
    scored.sort((a, b) => b.score - a.score || b.coverage - a.coverage || a.e.order - b.e.order);
    const top = scored[0];
    if (!top || top.coverage < MIN_CONFIDENCE) return [];
    const rival = scored.find((s) => s.e.lineKey !== top.e.lineKey);
    const margin = rival ? Math.max(0, (top.score - rival.score) / top.score) : 1;
    let ceiling = 1;
    return scored.slice(0, limit).filter((s) => s.coverage >= MIN_CONFIDENCE / 2).map((s) => {
      const raw = Math.min(1, s.coverage) * (0.6 + 0.4 * (s.e.lineKey === top.e.lineKey ? margin : 0)) * (s.score / top.score);
      // Never more confident in a lower match than in a higher one.
      ceiling = Math.min(ceiling, Math.round(raw * 100) / 100);
      return { cigar: s.e.cigar, confidence: ceiling, matched: s.matched };
    });
  }
}
