import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';

export const getCigarReviews = (id: string) => apiCall(routes.getCigarReviews, { params: { id } });

/** A cigar's reviews, newest first (the server's order). */
export const cigarReviewsQuery = (id: string) =>
  queryOptions({ queryKey: ['reviews', 'cigar', id] as const, queryFn: () => getCigarReviews(id) });

export const useCigarReviews = (id: string) => useSuspenseQuery(cigarReviewsQuery(id)).data;
