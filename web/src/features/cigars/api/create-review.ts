import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBodyInput } from '@torcedor/shared/route';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { invalidateReviews } from './invalidate-reviews';

export const createReview = (body: RouteBodyInput<typeof routes.createReview>) => apiCall(routes.createReview, { body });

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createReview, onSuccess: (_review, body) => invalidateReviews(queryClient, body.cigarId) });
}
