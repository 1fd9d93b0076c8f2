import { readEntitlement } from '@torcedor/service-kit/entitlement';
import { badRequest, forbidden } from '@torcedor/service-kit/errors';
import type { CigarView } from '../domain/catalog.ts';
import { HUMIDOR_LIMIT_MESSAGE, humidorCap } from '../domain/collection.ts';
import { getCigar } from '../store/catalog.ts';
import { searchIndexes } from '../store/search-index.ts';

/** The member's humidor cap now (null: none), from humidor's copy of their plan. */
export async function capOf(userId: string): Promise<number | null> {
  return humidorCap(await readEntitlement(userId), new Date());
}

/**
 * A catalog cigar for a new item: from this instance's catalog (store/search-index.ts, current within its version
 * check), else read (a cigar imported since); an unknown id is a 400.
 */
export async function cigarOr400(id: string): Promise<CigarView> {
  const c = (await searchIndexes()).cigarsById.get(id) ?? (await getCigar(id));
  if (!c) throw badRequest('Unknown cigar', [{ path: ['cigarId'], message: 'No cigar with this id in the catalog' }], 'UNKNOWN_CIGAR');
  return c;
}

/** The cap's refusal: 403 HUMIDOR_LIMIT. */
export const limitReached = () => forbidden(HUMIDOR_LIMIT_MESSAGE, 'HUMIDOR_LIMIT');
