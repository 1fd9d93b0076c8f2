import { useQuery } from '@tanstack/react-query';
import { searchCatalogQuery, type searchCatalog } from '@/lib/api/search-catalog';

const cigarsOnly = (groups: Awaited<ReturnType<typeof searchCatalog>>) => groups.flatMap((g) => (g.type === 'cigars' ? g.items : []));

/**
 * The catalog's cigars matching what the member typed in the Add Cigar dialog: the catalog search's own
 * query (same key, same cache as the search page), narrowed to its cigars.
 */
export const useFindCigars = (q: string) => useQuery({ ...searchCatalogQuery(q), select: cigarsOnly });
