import { queryOptions } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';

export const searchCatalog = (q: string) => apiCall(routes.search, { query: { q } });

/**
 * The grouped search response for a query; runs only for a non-empty trimmed query (docs/product.md, "Validation").
 * Shared by the search page and the humidor's Add Cigar dialog: one query key per search text.
 */
export const searchCatalogQuery = (q: string) =>
  queryOptions({
    queryKey: ['catalog', 'search', q.trim()] as const,
    queryFn: () => searchCatalog(q.trim()),
    enabled: q.trim().length > 0,
  });
