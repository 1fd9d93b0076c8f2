import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';

export const getCigar = (id: string) => apiCall(routes.getCigar, { params: { id } });

/**
 * One catalog cigar with its brand, average rating and review count. The key is the one the humidor feature
 * reads the same cigar under, so a new or deleted review refreshes the rating wherever it is shown.
 */
export const cigarQuery = (id: string) => queryOptions({ queryKey: ['catalog', 'cigar', id] as const, queryFn: () => getCigar(id) });

export const useCigar = (id: string) => useSuspenseQuery(cigarQuery(id)).data;
