import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseCatalogFile } from '../services/humidor/src/domain/catalog-file.ts';
import { BandMatcher } from '../shared/src/band-match.ts';
import { bandReader, bandSet } from '../services/humidor/test/band-set.ts';

const ROOT = resolve(import.meta.dirname, '..');

/**
 * B11, band scan (docs/band-scan.md): reading + matching p50 over the generated band set (the page's pipeline with
 * tesseract.js in Node, the humidor matcher in process), and what the scan page loads lazily: its route chunks and
 * the tesseract.js client (gzip; the language data and the engine's wasm come on the first scan, reported apart).
 */
export async function benchBandScan(samples: number) {
  const read = (name: string) => readFileSync(join(ROOT, 'services/humidor/catalog', `${name}.json`), 'utf8');
  const brands = parseCatalogFile(read('brands'), 'json', { kind: 'brands' }).rows.brands;
  const names = new Map(brands.map((b) => [b.id, b.name]));
  const cigars = parseCatalogFile(read('cigars'), 'json', { existingBrandIds: new Set(names.keys()) }).rows.cigars.map((c) => ({ ...c, brandName: names.get(c.brandId)! }));
  const matcher = new BandMatcher(cigars);
  const reader = await bandReader();
  const set = bandSet(cigars, samples);
  const times: number[] = [];
  let top1 = 0;
  let top3 = 0;
  try {
    for (const s of set) {
      const t = performance.now();
      const ids = matcher.match(await reader.read(s.image)).map((m) => m.cigar.id);
      times.push(performance.now() - t);
      if (ids[0] === s.cigarId) top1 += 1;
      if (ids.includes(s.cigarId)) top3 += 1;
    }
  } finally {
    await reader.terminate();
  }
  const p50 = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  const assets = join(ROOT, 'web/dist/assets');
  const gz = (f: string) => gzipSync(readFileSync(join(assets, f))).length / 1024;
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const routeChunks = files.filter((f) => /^scan/i.test(f));
  const tesseractChunks = files.filter((f) => /tesseract/i.test(f));
  const sum = (fs: string[]) => fs.reduce((n, f) => n + gz(f), 0);
  return {
    p50, top1: top1 / set.length, top3: top3 / set.length, samples: set.length,
    routeKb: sum(routeChunks), tesseractKb: sum(tesseractChunks), routeChunks, tesseractChunks,
  };
}
