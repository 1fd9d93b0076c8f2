import { queryOptions } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';

export const listReports = () => apiCall(routes.listReports);

/** The moderation queue (owners only), newest first: every report, whatever its status. */
export const reportsQuery = queryOptions({ queryKey: ['moderation', 'reports'] as const, queryFn: listReports });
