import { BandMatcher } from '../domain/identify.ts';
import { SearchIndex } from '../domain/search.ts';
import { catalogVersion, loadCatalog, type BrandView, type CigarView, type LoungeView } from './catalog.ts';

interface Indexes {
  version: number; cigars: SearchIndex<CigarView>; brands: SearchIndex<BrandView>; lounges: SearchIndex<LoungeView>;
  /** Band scan's matcher over the same cigars (docs/band-scan.md). */
  bands: BandMatcher<CigarView>;
  /** The same cigars by id: an add copies the cigar's fields from here, without a read (docs/decisions.md, "Request path"). */
  cigarsById: Map<string, CigarView>;
}
let cached: Promise<Indexes> | null = null;
let checkedAt = 0;
/** How long an instance trusts its index before asking for the catalog version again. */
const VERSION_CHECK_MS = 30_000;

async function build(version: number): Promise<Indexes> {
  const { cigars, brands, lounges } = await loadCatalog();
  return {
    version,
    cigars: new SearchIndex(cigars.map((c) => ({
      id: c.id, value: c, sortName: `${c.brandName} ${c.name}`,
      fields: [
        { text: c.brandName, weight: 3 }, { text: c.name, weight: 3 }, { text: c.vitola, weight: 2 },
        { text: c.country, weight: 1 }, { text: c.wrapper, weight: 1 }, { text: c.strength, weight: 1 },
      ],
    }))),
    brands: new SearchIndex(brands.map((b) => ({ id: b.id, value: b, sortName: b.name, fields: [{ text: b.name, weight: 3 }, { text: b.country, weight: 1 }] }))),
    bands: new BandMatcher(cigars),
    cigarsById: new Map(cigars.map((c) => [c.id, c])),
    lounges: new SearchIndex(lounges.map((l) => ({
      id: l.id, value: l, sortName: l.name,
      fields: [{ text: l.name, weight: 3 }, { text: l.city, weight: 2 }, { text: l.country, weight: 1 }],
    }))),
  };
}

/**
 * The in-memory search indexes of this function instance. Built on first use and rebuilt when the
 * catalog's version changes; the version is read at most every VERSION_CHECK_MS, so an import reaches
 * every instance within that time without a database read on each search.
 */
export async function searchIndexes(now = Date.now()): Promise<Indexes> {
  const current = cached ? await cached.catch(() => null) : null;
  if (current && now - checkedAt < VERSION_CHECK_MS) return current;
  const version = await catalogVersion();
  checkedAt = now;
  if (current && current.version === version) return current;
  cached = build(version);
  return cached;
}
