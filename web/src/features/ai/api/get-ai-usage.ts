import { queryOptions } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';

export const getAiUsage = () => apiCall(routes.getAiUsage);

export const aiUsageQuery = queryOptions({ queryKey: ['ai', 'usage'] as const, queryFn: getAiUsage });
