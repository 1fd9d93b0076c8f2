import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCatalogFile } from '../src/domain/catalog-file.ts';
import { BandMatcher, readings } from '../src/domain/identify.ts';
import { syntheticCatalog } from '../../../bench/synthetic-catalog.ts';

const read = (name: string) => readFileSync(new URL(`../catalog/${name}.json`, import.meta.url), 'utf8');
const brands = parseCatalogFile(read('brands'), 'json', { kind: 'brands' }).rows.brands;
const byId = new Map(brands.map((b) => [b.id, b.name]));
const cigars = parseCatalogFile(read('cigars'), 'json', { existingBrandIds: new Set(byId.keys()) }).rows.cigars
  .map((c) => ({ ...c, brandName: byId.get(c.brandId)! }));
const matcher = new BandMatcher(cigars);
const top = (text: string) => matcher.match(text)[0];
const named = (m: { cigar: { brandName: string; name: string } } | undefined) => (m ? `${m.cigar.brandName} ${m.cigar.name}` : null);

describe('band matcher on the curated catalog (docs/band-scan.md)', () => {
  it.each([
    ['PADR0N 1926 SER1E', /^Padrón 1926 Serie No\. \d+$/],
    ['FUENTE\nOPUS X', /^Arturo Fuente Opus X /],
    ['Rocky Pate1', /^Rocky Patel /],
    ['ROCKYPATEL\nDECADE', /^Rocky Patel Decade /],
    ['PAD RON\n1964 ANNIVERSARY', /^Padrón 1964 Anniversary Series /],
    ['HEMINGWAY\nARTURO FUENTE\nSHORT STORY', /^Arturo Fuente Hemingway Short Story$/],
    ['  liga   privada\n\nT52  ', /^Liga Privada T52 /],
    ['COHIBA\nBEHIKE 52\nHECHO A MANO', /^Cohiba Behike BHK 52$/],
    ['padrón 1926 serie', /^Padrón 1926 Serie/],
    ['PADRON 1926 SERIE', /^Padrón 1926 Serie/],
  ])('%j -> %s', (text, want) => {
    expect(named(top(text))).toMatch(want);
  });

  it('a size printed on the band ranks that vitola first', () => {
    expect(named(top('PADRON\n1926 SERIE\nNo. 35'))).toBe('Padrón 1926 Serie No. 35');
    expect(named(top('PADRON 1926 No. 9'))).toBe('Padrón 1926 Serie No. 9');
  });

  it('says why: the catalog words found, by part, as the catalog writes them', () => {
    expect(top('PADR0N 1926 SER1E\nNo. 9')!.matched).toEqual({ brand: ['Padrón'], line: ['1926', 'Serie'], vitola: ['No', '9'] });
  });

  it('finds nothing in boilerplate and debris', () => {
    for (const text of ['HECHO A MANO\nHABANA', 'REPUBLICA DOMINICANA\nPREMIUM CIGARS', '~%# lll ooo ||| 000', 'A X']) expect(matcher.match(text)).toEqual([]);
  });

  it('confidence: 0-1, never higher for a lower match, higher when more of the name is read', () => {
    const r = matcher.match('ARTURO FUENTE HEMINGWAY SHORT STORY');
    expect(r).toHaveLength(3);
    for (let i = 1; i < r.length; i++) expect(r[i]!.confidence).toBeLessThanOrEqual(r[i - 1]!.confidence);
    expect(r[0]!.confidence).toBeGreaterThan(top('FUENTE HEMINGWAY')!.confidence);
    expect(r.every((m) => m.confidence > 0 && m.confidence <= 1)).toBe(true);
  });

  it('reads OCR digit/letter swaps both ways', () => {
    expect(readings('padr0n')).toContain('padron');
    expect(readings('ser1e')).toEqual(expect.arrayContaining(['serie', 'serle']));
    expect(readings('i926')).toContain('1926');
    expect(readings('1926')).toEqual(['1926']);
  });

  it('answers in milliseconds on 5,000 cigars', () => {
    const big = syntheticCatalog(5000);
    const names = new Map(big.brands.map((b) => [b.id, b.name]));
    const m = new BandMatcher(big.cigars.map((c) => ({ ...c, brandName: names.get(c.brandId)! })));
    const texts = big.cigars.slice(0, 50).map((c) => `${names.get(c.brandId)!.toUpperCase()}\n${c.name.toUpperCase()}`);
    m.match(texts[0]!);
    const t = performance.now();
    for (const text of texts) m.match(text);
    const perQuery = (performance.now() - t) / texts.length;
    console.log(`band match on 5,000 cigars: ${perQuery.toFixed(2)} ms per text`);
    expect(perQuery).toBeLessThan(50);
  });
});
