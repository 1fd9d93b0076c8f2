import { memoUntilFailure } from '@torcedor/service-kit/memo';
import { recentReads } from '@torcedor/service-kit/recent';
import type { BandMatcher } from '@torcedor/shared/band-match';
import type { BrandView, CigarView, LoungeView } from '../domain/catalog.ts';
import { SearchIndex } from '../domain/search.ts';
import { catalogVersion, loadCatalog } from './catalog.ts';

interface Indexes {
  version: number; cigars: SearchIndex<CigarView>; brands: SearchIndex<BrandView>; lounges: SearchIndex<LoungeView>;
  /** Band scan's matcher over the same cigars (docs/band-scan.md), built on the first scan. */
  bands: () => Promise<BandMatcher<CigarView>>;
  /** The same cigars by id: an add copies the cigar's fields from here, without a read (docs/decisions.md, "Request path"). */
  cigarsById: Map<string, CigarView>;
}
/** How long an instance trusts the catalog version it read before asking for it again. */
const VERSION_CHECK_MS = 30_000;
const versions = recentReads<number>({ ttlMs: VERSION_CHECK_MS, max: 1 });
/** The indexes of the one catalog version this instance holds (a newer version replaces them). */
const built = recentReads<Indexes>({ ttlMs: Number.POSITIVE_INFINITY, max: 1 });

/**
 * Band scan's matcher, imported once on the first scan from its layer module (`@torcedor/humidor/band-match`, see
 * shared/src/runtime.ts): a function instance that scans no band never loads it.
 */
const loadBandMatch: () => Promise<typeof import('../band-match/index.ts')> = memoUntilFailure(() => import('@torcedor/humidor/band-match'));

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
    bands: memoUntilFailure(async () => new (await loadBandMatch()).BandMatcher(cigars)),
    cigarsById: new Map(cigars.map((c) => [c.id, c])),
    lounges: new SearchIndex(lounges.map((l) => ({
      id: l.id, value: l, sortName: l.name,
      fields: [{ text: l.name, weight: 3 }, { text: l.city, weight: 2 }, { text: l.country, weight: 1 }],
    }))),
  };
}

/**
 * AP: the in-memory search indexes of this function instance (the kit's recent reads). Built on first use and rebuilt
 * when the catalog's version changes; the version is read at most every VERSION_CHECK_MS, so an import reaches
 * every instance within that time without a database read on each search. A failed read or build is not kept.
 */
export async function searchIndexes(): Promise<Indexes> {
  const version = await versions.get('catalog', catalogVersion);
  return built.get(String(version), () => build(version));
}
