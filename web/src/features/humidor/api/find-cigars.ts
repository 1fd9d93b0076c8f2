import { queryOptions } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';

/** The catalog's cigars matching what the member typed in the Add Cigar dialog. */
export const findCigarsQuery = (q: string) =>
  queryOptions({
    queryKey: ['catalog', 'find', q] as const,
    queryFn: async () => {
      const groups = await apiCall(routes.search, { query: { q } });
      return groups.flatMap((g) => (g.type === 'cigars' ? g.items : []));
    },
    enabled: q.trim().length > 0,
  });

export const getCigar = (id: string) => apiCall(routes.getCigar, { params: { id } });

export const cigarQuery = (id: string) => queryOptions({ queryKey: ['catalog', 'cigar', id] as const, queryFn: () => getCigar(id) });
