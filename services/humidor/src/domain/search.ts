/**
 * The catalog's search: case-, accent- and typo-tolerant, prefix matching as you type, ranked.
 * Pure: an index is built from documents once and answers queries in memory.
 */
import { editDistance, normalize } from '@torcedor/shared/text-match';

export { editDistance, normalize };
export interface SearchField { text: string; weight: number }
export interface SearchDoc<T> { id: string; fields: SearchField[]; value: T; sortName: string }

const tokenize = (s: string) => normalize(s).split(' ').filter(Boolean);

/** How many typos a query word may carry: none under 4 letters, one up to 6, two from 7. */
const allowedEdits = (len: number) => (len >= 7 ? 2 : len >= 4 ? 1 : 0);

/** How well a query word matches an indexed word: 1 exact, ~0.8 prefix, ~0.5 with typos, 0 none. */
export function wordMatch(q: string, w: string): number {
  if (q === w) return 1;
  if (w.startsWith(q)) return 0.75 + 0.2 * (q.length / w.length);
  const edits = allowedEdits(q.length);
  if (!edits) return 0;
  const full = editDistance(q, w, edits);
  if (full <= edits) return 0.6 - 0.1 * full;
  // A typo in a word still being typed: compare with the indexed word's start of the same length.
  if (w.length > q.length) {
    const pre = editDistance(q, w.slice(0, q.length), edits);
    if (pre <= edits) return 0.45 - 0.1 * pre;
  }
  return 0;
}

export class SearchIndex<T> {
  /** word -> (doc index -> best field weight holding that word) */
  private readonly postings = new Map<string, Map<number, number>>();
  /** Indexed words sorted (prefix ranges by binary search), by length (typos) and by first letter. */
  private readonly sorted: string[];
  private readonly byLength = new Map<number, string[]>();
  private readonly byFirst = new Map<string, string[]>();
  /** Each document's position in name order, computed once: ties rank without string compares. */
  private readonly nameRank: Int32Array;

  constructor(private readonly docs: SearchDoc<T>[]) {
    this.nameRank = new Int32Array(docs.length);
    docs.map((d, i) => [d.sortName, i] as const).sort((a, b) => a[0].localeCompare(b[0])).forEach(([, i], rank) => { this.nameRank[i] = rank; });
    docs.forEach((d, i) => {
      for (const f of d.fields) {
        for (const w of tokenize(f.text)) {
          let p = this.postings.get(w);
          if (!p) this.postings.set(w, (p = new Map()));
          p.set(i, Math.max(p.get(i) ?? 0, f.weight));
        }
      }
    });
    this.sorted = [...this.postings.keys()].sort();
    for (const w of this.sorted) {
      (this.byLength.get(w.length) ?? this.byLength.set(w.length, []).get(w.length)!).push(w);
      (this.byFirst.get(w[0]!) ?? this.byFirst.set(w[0]!, []).get(w[0]!)!).push(w);
    }
  }

  /** Words that can match `q`: those it prefixes, those within its typo budget by length, and longer ones with its first letter. */
  private candidates(q: string): Set<string> {
    const out = new Set<string>();
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sorted[mid]! < q) lo = mid + 1; else hi = mid;
    }
    for (let i = lo; i < this.sorted.length && this.sorted[i]!.startsWith(q); i++) out.add(this.sorted[i]!);
    const edits = allowedEdits(q.length);
    if (edits) {
      // A typo rarely hits both of the first two letters: a candidate shares one of them (or has them swapped).
      for (let len = q.length - edits; len <= q.length + edits; len++) {
        for (const w of this.byLength.get(len) ?? []) if (w[0] === q[0] || w[0] === q[1] || w[1] === q[1]) out.add(w);
      }
      for (const w of this.byFirst.get(q[0]!) ?? []) if (w.length > q.length) out.add(w);
    }
    return out;
  }

  get size() {
    return this.docs.length;
  }

  /** Documents matching every query word (each exactly, by prefix or with a typo), best first. */
  search(query: string, limit: number): T[] {
    const words = [...new Set(tokenize(query))];
    if (!words.length) return [];
    let scores: Map<number, number> | null = null;
    for (const q of words) {
      const best = new Map<number, number>();
      for (const w of this.candidates(q)) {
        const m = wordMatch(q, w);
        if (!m) continue;
        for (const [doc, weight] of this.postings.get(w)!) best.set(doc, Math.max(best.get(doc) ?? 0, m * weight));
      }
      if (scores === null) {
        scores = best;
      } else {
        const next = new Map<number, number>();
        for (const [doc, s] of scores) {
          const b = best.get(doc);
          if (b) next.set(doc, s + b);
        }
        scores = next;
      }
      if (!scores.size) return [];
    }
    return [...scores!.entries()]
      .sort((a, b) => b[1] - a[1] || this.nameRank[a[0]]! - this.nameRank[b[0]]!)
      .slice(0, limit)
      .map(([i]) => this.docs[i]!.value);
  }
}
