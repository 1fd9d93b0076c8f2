import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceFixture, type ServiceFixture } from '../../kit/test/fixture.ts';
import { call } from '../../kit/test/http-event.ts';
import { parseCatalogFile } from '../src/domain/catalog-file.ts';
import { bandReader, bandSet } from './band-set.ts';

/**
 * Band scan end to end without a browser (docs/band-scan.md, "Measured"): 40 bands rendered from catalog rows
 * (five fonts, six colourings, turned up to 15°, blurred and speckled), read with the page's own pipeline and
 * tesseract.js in Node, matched through POST /api/cigars/identify.
 */
let f: ServiceFixture;
let http: ServiceFixture['http'];
const read = (name: string) => readFileSync(new URL(`../catalog/${name}.json`, import.meta.url), 'utf8');
const brands = parseCatalogFile(read('brands'), 'json', { kind: 'brands' }).rows.brands;
const names = new Map(brands.map((b) => [b.id, b.name]));
const cigars = parseCatalogFile(read('cigars'), 'json', { existingBrandIds: new Set(names.keys()) }).rows.cigars;

beforeAll(async () => {
  f = await serviceFixture('humidor', { http: () => import('../src/http.ts') });
  http = f.http;
  const { writeCatalog } = await import('../src/store/catalog.ts');
  await writeCatalog({ brands, cigars, lounges: [] });
});

describe('the generated band set', () => {
  let reader: Awaited<ReturnType<typeof bandReader>>;
  afterAll(async () => reader?.terminate());

  it('finds the cigar: top-1 at least 80 %, top-3 at least 95 % of 40 bands', { timeout: 240_000 }, async () => {
    reader = await bandReader();
    const member = await f.member();
    const set = bandSet(cigars.map((c) => ({ ...c, brandName: names.get(c.brandId)! })), 40);
    let top1 = 0;
    let top3 = 0;
    const misses: string[] = [];
    const times: number[] = [];
    for (const sample of set) {
      const t = performance.now();
      const text = await reader.read(sample.image);
      const r = await call(http, 'POST', '/api/cigars/identify', { cookies: member.cookies, body: { text: text || '-' } });
      times.push(performance.now() - t);
      expect(r.status).toBe(200);
      const ids = (r.body.items as { cigar: { id: string } }[]).map((m) => m.cigar.id);
      if (ids[0] === sample.cigarId) top1 += 1;
      if (ids.includes(sample.cigarId)) top3 += 1;
      else misses.push(`${sample.brand} / ${sample.line} (${sample.angle}°, ${sample.font}) read as ${JSON.stringify(text)}`);
    }
    const p50 = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    console.log(`band set: top-1 ${((top1 / set.length) * 100).toFixed(1)} %, top-3 ${((top3 / set.length) * 100).toFixed(1)} % of ${set.length}; read + match p50 ${p50.toFixed(0)} ms${misses.length ? `\nmissed: ${misses.join('\n')}` : ''}`);
    expect(top1 / set.length).toBeGreaterThanOrEqual(0.8);
    expect(top3 / set.length).toBeGreaterThanOrEqual(0.95);
  });
});
