import { write } from '@torcedor/service-kit/entity';
import { batchGetAll } from '@torcedor/service-kit/items';
import type { EventDetail } from '@torcedor/shared/events';
import type { CigarCopy } from '../domain/reviews.ts';
import type { CigarTaste } from '../domain/suggestions.ts';
import { cigars } from './entities.ts';

/** AP: a catalog cigar's names (social's copy), or null for an id the catalog does not have. */
export async function getCigarCopy(cigarId: string): Promise<CigarCopy | null> {
  return (await cigars.get(cigarId, { consistent: false })) ?? null;
}

/** AP: keep the copies of the catalog's cigar names (and what tastes match: strength, wrapper, country); an older import never overwrites a newer one. */
export async function applyCatalog(d: EventDetail<'CatalogCigarsChanged'>): Promise<void> {
  const CONCURRENCY = 16;
  for (let i = 0; i < d.cigars.length; i += CONCURRENCY) {
    await Promise.all(d.cigars.slice(i, i + CONCURRENCY).map((c) => write(cigars.update(
      c.id, {
        cigarId: c.id, name: c.name, brandName: c.brandName, vitola: c.vitola, catalogVersion: d.catalogVersion,
        ...(c.details ? { strength: c.details.strength, wrapper: c.details.wrapper, country: c.details.country } : {}),
      },
      { ConditionExpression: 'attribute_not_exists(catalogVersion) OR catalogVersion <= :v', ExpressionAttributeValues: { ':v': d.catalogVersion } },
    ))));
  }
}

/** AP: what tastes are matched against of these cigars (one BatchGet of their copies); a cigar social has no copy of is left out. */
export async function readCigarTastes(cigarIds: Iterable<string>): Promise<Map<string, CigarTaste>> {
  const items = await batchGetAll([...new Set(cigarIds)].map((id) => cigars.key(id)));
  return new Map(items.map((i) => [String(i.cigarId), { strength: (i.strength as string | undefined) ?? null, wrapper: (i.wrapper as string | undefined) ?? null, country: (i.country as string | undefined) ?? null }]));
}
