import { queryOptions } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';

export const getCigar = (id: string) => apiCall(routes.getCigar, { params: { id } });

/** One catalog cigar: the one the search page sent the member here to add. */
export const cigarQuery = (id: string) => queryOptions({ queryKey: ['catalog', 'cigar', id] as const, queryFn: () => getCigar(id) });
