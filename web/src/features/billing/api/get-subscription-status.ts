import { queryOptions } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';

export const getSubscriptionStatus = () => apiCall(routes.getSubscriptionStatus);

export const subscriptionStatusQuery = queryOptions({ queryKey: ['subscription', 'status'] as const, queryFn: getSubscriptionStatus });
