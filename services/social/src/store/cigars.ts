import { write } from '@torcedor/service-kit/entity';
import type { EventDetail } from '@torcedor/shared/events';
import type { CigarCopy } from '../domain/reviews.ts';
import { cigars } from './entities.ts';

/** AP: a catalog cigar's names (social's copy), or null for an id the catalog does not have. */
export async function getCigarCopy(cigarId: string): Promise<CigarCopy | null> {
  return (await cigars.get(cigarId, { consistent: false })) ?? null;
}

/** AP: keep the copies of the catalog's cigar names; an older import never overwrites a newer one. */
export async function applyCatalog(d: EventDetail<'CatalogCigarsChanged'>): Promise<void> {
  const CONCURRENCY = 16;
  for (let i = 0; i < d.cigars.length; i += CONCURRENCY) {
    await Promise.all(d.cigars.slice(i, i + CONCURRENCY).map((c) => write(cigars.update(
      c.id, { cigarId: c.id, name: c.name, brandName: c.brandName, vitola: c.vitola, catalogVersion: d.catalogVersion },
      { ConditionExpression: 'attribute_not_exists(catalogVersion) OR catalogVersion <= :v', ExpressionAttributeValues: { ':v': d.catalogVersion } },
    ))));
  }
}
