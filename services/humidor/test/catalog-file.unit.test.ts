import { describe, expect, it } from 'vitest';
import { parseCatalogFile } from '../src/domain/catalog-file.ts';
import { parseCsv } from '../src/domain/csv.ts';

const brand = { id: 'padron', name: 'Padrón', country: 'Nicaragua', description: 'Family-owned maker in Estelí.' };
const cigar = {
  id: 'padron-1964-exclusivo', brandId: 'padron', name: '1964 Anniversary Series Exclusivo', vitola: 'Robusto', length: 5.5, ringGauge: 50,
  strength: 'medium-full', wrapper: 'Nicaraguan', binder: 'Nicaraguan', filler: 'Nicaraguan', country: 'Nicaragua', description: 'Box-pressed, aged tobaccos.',
};

describe('CSV', () => {
  it('parses quoted fields, doubled quotes, CRLF and multi-line cells with their line numbers', () => {
    const rows = parseCsv('a,b\r\n"x, y","say ""hi"""\n"multi\nline",2\n\n3,4');
    expect(rows).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, y', 'say "hi"'] },
      { line: 3, cells: ['multi\nline', '2'] },
      { line: 6, cells: ['3', '4'] },
    ]);
  });
});

describe('catalog file import', () => {
  it('accepts a valid JSON file', () => {
    const r = parseCatalogFile(JSON.stringify({ brands: [brand], cigars: [cigar] }), 'json');
    expect(r.errors).toEqual([]);
    expect(r.rows.cigars).toHaveLength(1);
  });
  it('imports nothing from a file with one bad row and reports it by line', () => {
    const text = JSON.stringify({ brands: [brand], cigars: [cigar, { ...cigar, id: 'bad', ringGauge: 'fifty' }] }, null, 2);
    const r = parseCatalogFile(text, 'json');
    expect(r.rows).toEqual({ brands: [], cigars: [], lounges: [] });
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]!.where).toBe('cigars[1].ringGauge');
    const line = text.split('\n').findIndex((l, i) => i > 0 && l.includes('{') && text.split('\n').slice(i, i + 3).join('').includes('"bad"')) + 1;
    expect(r.errors[0]!.line).toBe(line);
  });
  it('rejects unknown fields, unknown brands and duplicate ids', () => {
    expect(parseCatalogFile(JSON.stringify({ brands: [{ ...brand, founded: 1964 }] }), 'json').errors[0]!.message).toMatch(/Unrecognized key/);
    expect(parseCatalogFile(JSON.stringify({ cigars: [cigar] }), 'json').errors[0]!.message).toBe('Unknown brand padron');
    expect(parseCatalogFile(JSON.stringify({ cigars: [cigar] }), 'json', { existingBrandIds: new Set(['padron']) }).errors).toEqual([]);
    expect(parseCatalogFile(JSON.stringify({ brands: [brand, brand] }), 'json').errors[0]!.message).toBe('Duplicate id padron');
  });
  it('reads a CSV of cigars with the schema field names as headers', () => {
    const header = Object.keys(cigar).join(',');
    const row = Object.values(cigar).map((v) => `"${v}"`).join(',');
    const ok = parseCatalogFile(`${header}\n${row}\n`, 'csv', { existingBrandIds: new Set(['padron']) });
    expect(ok.errors).toEqual([]);
    expect(ok.rows.cigars[0]).toEqual(cigar);
    const bad = parseCatalogFile(`${header}\n${row}\n${row.replace('"50"', '"x"').replace(cigar.id, 'other')}\n`, 'csv', { existingBrandIds: new Set(['padron']) });
    expect(bad.errors.map((e) => e.line)).toEqual([3]);
    expect(bad.rows.cigars).toEqual([]);
  });
});
