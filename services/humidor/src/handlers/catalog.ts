import { notFound } from '@torcedor/service-kit/errors';
import type { RouteHandler } from '@torcedor/service-kit/http';
import type { Routes } from '@torcedor/shared/routes';
import { getBrandWithCigars, getCigar as readCigar, getLounge as readLounge, loadCatalog } from '../store/catalog.ts';
import { searchIndexes } from '../store/search-index.ts';
import { currentCommunity } from './community.ts';

/** The most results of each kind a search answers. */
const SEARCH_LIMITS = { cigars: 60, brands: 20, lounges: 20 };

/**
 * Search across cigars, brands and lounges (the instance's in-memory index); the cigars found carry their rating and
 * photos as they are now when they come in time (handlers/community.ts).
 */
export const search: RouteHandler<Routes['search']> = async ({ query }) => {
  const idx = await searchIndexes();
  const found = idx.cigars.search(query.q, SEARCH_LIMITS.cigars);
  const community = await currentCommunity(found.map((c) => c.id));
  return [
    { type: 'cigars' as const, items: found.map((c) => ({ ...c, ...community.get(c.id) })) },
    { type: 'brands' as const, items: idx.brands.search(query.q, SEARCH_LIMITS.brands) },
    { type: 'lounges' as const, items: idx.lounges.search(query.q, SEARCH_LIMITS.lounges) },
  ];
};

/** One cigar with its brand and rating, read from the table. */
export const getCigar: RouteHandler<Routes['getCigar']> = async ({ params }) => (await readCigar(params.id)) ?? Promise.reject(notFound('Cigar not found'));

/** Every brand, by name. */
export const listBrands: RouteHandler<Routes['listBrands']> = async () => (await loadCatalog()).brands.sort((a, b) => a.name.localeCompare(b.name));

/** One brand with its cigars. */
export const getBrand: RouteHandler<Routes['getBrand']> = async ({ params }) => (await getBrandWithCigars(params.id)) ?? Promise.reject(notFound('Brand not found'));

/** Every lounge, by country then city. */
export const listLounges: RouteHandler<Routes['listLounges']> = async () =>
  (await loadCatalog()).lounges.sort((a, b) => a.country.localeCompare(b.country) || a.city.localeCompare(b.city));

/** One lounge. */
export const getLounge: RouteHandler<Routes['getLounge']> = async ({ params }) => (await readLounge(params.id)) ?? Promise.reject(notFound('Lounge not found'));
