import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, isConditionFailure, TABLE } from '@torcedor/service-kit/ddb';
import type { EventDetail } from '@torcedor/shared/events';
import { keys } from './keys.ts';

export interface CigarCopy { cigarId: string; name: string; brandName: string; vitola: string | null }

/** AP: a catalog cigar's names (social's copy), or null for an id the catalog does not have. */
export async function getCigarCopy(cigarId: string): Promise<CigarCopy | null> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.cigar(cigarId) }));
  return (out.Item as CigarCopy | undefined) ?? null;
}

/** AP: keep the copies of the catalog's cigar names; an older import never overwrites a newer one. */
export async function applyCatalog(d: EventDetail<'CatalogCigarsChanged'>): Promise<void> {
  const CONCURRENCY = 16;
  for (let i = 0; i < d.cigars.length; i += CONCURRENCY) {
    await Promise.all(d.cigars.slice(i, i + CONCURRENCY).map(async (c) => {
      try {
        await ddb.send(new UpdateCommand({
          TableName: TABLE, Key: keys.cigar(c.id),
          UpdateExpression: 'SET cigarId = :id, #name = :name, brandName = :brand, vitola = :vitola, catalogVersion = :v',
          ConditionExpression: 'attribute_not_exists(catalogVersion) OR catalogVersion <= :v',
          ExpressionAttributeNames: { '#name': 'name' },
          ExpressionAttributeValues: { ':id': c.id, ':name': c.name, ':brand': c.brandName, ':vitola': c.vitola, ':v': d.catalogVersion },
        }));
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
      }
    }));
  }
}
