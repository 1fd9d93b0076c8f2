import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { invalidateReviews } from './invalidate-reviews';

export const deleteReview = (id: string) => apiCall(routes.deleteReview, { params: { id } });

/** Delete one of the member's own reviews of the cigar `cigarId`. */
export function useDeleteReview(cigarId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteReview, onSuccess: () => invalidateReviews(queryClient, cigarId) });
}
