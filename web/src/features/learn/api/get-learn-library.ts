import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';

/**
 * GET /api/learn: the video cards and the masterclasses. The server decides what is open: a masterclass's lesson
 * (`body`) and link come only to premium and trial members; a free member gets them as null.
 */
export const getLearnLibrary = () => apiCall(routes.getLearnLibrary);

export const learnLibraryQuery = queryOptions({ queryKey: ['learn', 'library'] as const, queryFn: getLearnLibrary });

export const useLearnLibrary = () => useSuspenseQuery(learnLibraryQuery).data;
