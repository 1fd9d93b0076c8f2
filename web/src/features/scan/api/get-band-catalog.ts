import { queryOptions } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';

/**
 * GET /api/band-catalog: every catalog cigar as a row for the device's matcher (band scan offline:
 * docs/band-scan.md, "Offline"). The service worker keeps the last answer, so offline it answers from the saved copy.
 * Read once per page load at most: the rows change only with a catalog import.
 */
export const getBandCatalog = () => apiCall(routes.getBandCatalog);

export const bandCatalogQuery = queryOptions({
  queryKey: ['band-catalog'] as const,
  queryFn: getBandCatalog,
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  retry: false,
  // Read even when the browser says it is offline: the service worker answers from its saved copy.
  networkMode: 'always',
});
