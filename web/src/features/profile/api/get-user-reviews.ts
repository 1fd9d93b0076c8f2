import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

export const getUserReviews = (id: string) => apiCall(routes.getUserReviews, { params: { id } });

/** A member's reviews, newest first. */
export const userReviewsQuery = (id: string) => queryOptions({ queryKey: profileKeys.reviews(id), queryFn: () => getUserReviews(id) });

export const useUserReviews = (id: string) => useQuery(userReviewsQuery(id));
