import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { collectionKeys } from '@/lib/collection-keys';

/** GET /api/humidor/analytics: the charts' numbers, computed by the server (403 PREMIUM_REQUIRED for free members). */
export const getHumidorAnalytics = () => apiCall(routes.getHumidorAnalytics);

/**
 * Advanced analytics of the member's humidor. Its key sits under the humidor list's, so every change to the
 * collection (which invalidates that list) refreshes it too.
 */
export const humidorAnalyticsQuery = queryOptions({ queryKey: [...collectionKeys.humidor, 'analytics'] as const, queryFn: getHumidorAnalytics });

/** The analytics, read only while `enabled` (a member with premium benefits, whose humidor has cigars). */
export const useHumidorAnalytics = (enabled: boolean) => useQuery({ ...humidorAnalyticsQuery, enabled });
