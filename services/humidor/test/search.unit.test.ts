import { describe, expect, it } from 'vitest';
import { editDistance, normalize, SearchIndex, wordMatch } from '../src/domain/search.ts';

const cigars = [
  { id: 'padron-1964-exclusivo', brand: 'Padrón', name: '1964 Anniversary Series Exclusivo', vitola: 'Robusto' },
  { id: 'fuente-opusx-robusto', brand: 'Arturo Fuente', name: 'OpusX Robusto', vitola: 'Robusto' },
  { id: 'fuente-hemingway-short-story', brand: 'Arturo Fuente', name: 'Hemingway Short Story', vitola: 'Perfecto' },
  { id: 'cohiba-siglo-vi', brand: 'Cohiba', name: 'Siglo VI', vitola: 'Cañonazo' },
  { id: 'partagas-serie-d-4', brand: 'Partagás', name: 'Serie D No. 4', vitola: 'Robusto' },
  { id: 'montecristo-no-2', brand: 'Montecristo', name: 'No. 2', vitola: 'Torpedo' },
];
const index = new SearchIndex(cigars.map((c) => ({
  id: c.id, value: c, sortName: `${c.brand} ${c.name}`,
  fields: [{ text: c.brand, weight: 3 }, { text: c.name, weight: 3 }, { text: c.vitola, weight: 2 }],
})));
const ids = (q: string) => index.search(q, 10).map((c) => c.id);

describe('catalog search', () => {
  it('ignores case and accents', () => {
    expect(normalize('Padrón PARTAGÁS')).toBe('padron partagas');
    expect(ids('padron')).toEqual(['padron-1964-exclusivo']);
    expect(ids('PARTAGAS')).toEqual(['partagas-serie-d-4']);
  });
  it('tolerates typos: "padrn" finds Padrón, "cohbia" finds Cohiba', () => {
    expect(ids('padrn')).toEqual(['padron-1964-exclusivo']);
    expect(ids('cohbia')).toEqual(['cohiba-siglo-vi']);
    expect(ids('montecrsito')).toEqual(['montecristo-no-2']);
  });
  it('finds a brand by one of its words: "fuente" finds Arturo Fuente', () => {
    expect(ids('fuente').sort()).toEqual(['fuente-hemingway-short-story', 'fuente-opusx-robusto']);
  });
  it('matches prefixes as you type, and a typo in a half-typed word', () => {
    expect(ids('hemi')).toEqual(['fuente-hemingway-short-story']);
    expect(ids('monte')).toEqual(['montecristo-no-2']);
    expect(ids('hemnig')).toEqual(['fuente-hemingway-short-story']);
  });
  it('needs every word to match and ranks the better match first', () => {
    expect(ids('fuente robusto')).toEqual(['fuente-opusx-robusto']);
    expect(ids('robusto')[0]).not.toBe('fuente-hemingway-short-story');
    expect(ids('robusto')).toHaveLength(3);
    expect(ids('fuente xyz')).toEqual([]);
  });
  it('does not let short words match by typo', () => {
    expect(wordMatch('vi', 'vii')).toBeGreaterThan(0); // prefix
    expect(wordMatch('vx', 'vi')).toBe(0);
    expect(ids('zz')).toEqual([]);
    expect(ids('   ')).toEqual([]);
  });
  it('computes edit distance with adjacent swaps', () => {
    expect(editDistance('cohbia', 'cohiba', 2)).toBe(1);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
    expect(editDistance('abc', 'xyz1234', 2)).toBe(3);
  });
});
