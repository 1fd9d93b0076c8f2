import type { QueryClient } from '@tanstack/react-query';
import { currentUserQuery } from '@/lib/current-user';
import { cigarReviewsQuery } from './get-cigar-reviews';
import { cigarQuery } from './get-cigar';

/** After a review is posted or deleted: the cigar's reviews, its rating and count, and the member (who carries reviewsCount). */
export function invalidateReviews(queryClient: QueryClient, cigarId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: cigarReviewsQuery(cigarId).queryKey }),
    queryClient.invalidateQueries({ queryKey: cigarQuery(cigarId).queryKey }),
    queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  ]);
}
