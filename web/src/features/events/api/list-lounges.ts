import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';

/** GET /api/lounges: the curated lounges, to pick an event's venue from. */
export const listLounges = () => apiCall(routes.listLounges);

export const loungesQuery = queryOptions({ queryKey: ['lounges'] as const, queryFn: listLounges, staleTime: 60 * 60_000 });

/** The lounges, read only while `enabled` (the event form is open); picking one is optional, so a failure just hides the picker. */
export const useLounges = (enabled: boolean) => useQuery({ ...loungesQuery, enabled });
