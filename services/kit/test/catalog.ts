import { readFileSync } from 'node:fs';

/**
 * Writes one real cigar of the curated catalog, with its brand, to humidor's table (the curated files, as the
 * catalog import reads them), for tests that add it to a humidor. Call after humidor's env is set.
 */
export async function seedCuratedCigar(cigarId: string): Promise<void> {
  const read = (kind: 'brands' | 'cigars') =>
    (JSON.parse(readFileSync(new URL(`../../humidor/catalog/${kind}.json`, import.meta.url), 'utf8')) as Record<string, { id: string; brandId?: string }[]>)[kind]!;
  const cigar = read('cigars').find((c) => c.id === cigarId);
  if (!cigar) throw new Error(`no cigar ${cigarId} in the curated catalog`);
  const { writeCatalog } = await import('../../humidor/src/store/catalog.ts');
  await writeCatalog({ brands: read('brands').filter((b) => b.id === cigar.brandId) as never, cigars: [cigar] as never, lounges: [] });
}
