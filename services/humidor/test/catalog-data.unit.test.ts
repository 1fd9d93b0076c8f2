import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCatalogFile } from '../src/domain/catalog-file.ts';

const read = (name: string) => readFileSync(new URL(`../catalog/${name}.json`, import.meta.url), 'utf8');
const parsed = Object.fromEntries(['brands', 'cigars', 'lounges'].map((k) => [k, parseCatalogFile(read(k), 'json', { kind: k as 'brands' })]));
const brands = parsed.brands!.rows.brands;
const cigars = parseCatalogFile(read('cigars'), 'json', { existingBrandIds: new Set(brands.map((b) => b.id)) });
const lounges = parsed.lounges!.rows.lounges;

/** The curated catalog the local stack seeds and the curator imports (docs/architecture.md, "On one machine"). */
describe('curated catalog files', () => {
  it('every row of every file passes the import validation', () => {
    expect(parsed.brands!.errors).toEqual([]);
    expect(cigars.errors).toEqual([]);
    expect(parsed.lounges!.errors).toEqual([]);
  });

  it('holds a real-sized catalog: 30+ brands, 300+ cigars, 25+ lounges', () => {
    expect(brands.length).toBeGreaterThanOrEqual(30);
    expect(cigars.rows.cigars.length).toBeGreaterThanOrEqual(300);
    expect(lounges.length).toBeGreaterThanOrEqual(25);
  });

  it('ids are unique within each kind', () => {
    for (const list of [brands, cigars.rows.cigars, lounges]) expect(new Set(list.map((x) => x.id)).size).toBe(list.length);
  });

  it('every cigar belongs to a listed brand, and every brand has cigars', () => {
    const ids = new Set(brands.map((b) => b.id));
    expect(cigars.rows.cigars.filter((c) => !ids.has(c.brandId))).toEqual([]);
    const used = new Set(cigars.rows.cigars.map((c) => c.brandId));
    expect(brands.filter((b) => !used.has(b.id)).map((b) => b.id)).toEqual([]);
  });

  it("has the search page's eight quick brands, each with several cigars", () => {
    for (const id of ['montecristo', 'padron', 'arturo-fuente', 'cohiba', 'rocky-patel', 'oliva', 'liga-privada', 'davidoff']) {
      expect(brands.some((b) => b.id === id)).toBe(true);
      expect(cigars.rows.cigars.filter((c) => c.brandId === id).length).toBeGreaterThanOrEqual(8);
    }
  });

  it('cigar names carry the line and size, not the brand', () => {
    const byId = new Map(brands.map((b) => [b.id, b.name]));
    expect(cigars.rows.cigars.filter((c) => c.name.startsWith(`${byId.get(c.brandId)} `)).map((c) => c.id)).toEqual([]);
  });
});
