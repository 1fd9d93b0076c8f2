import { queryOptions } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';

export const getEvents = () => apiCall(routes.getEvents);

export const eventsQuery = queryOptions({ queryKey: ['events'] as const, queryFn: getEvents });
