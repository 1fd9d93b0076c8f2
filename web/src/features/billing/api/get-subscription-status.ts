import { queryOptions } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';

export const getSubscriptionStatus = () => apiCall(routes.getSubscriptionStatus);

export const subscriptionKeys = {
  all: ['subscription'] as const,
  status: ['subscription', 'status'] as const,
};

export const subscriptionStatusQuery = queryOptions({ queryKey: subscriptionKeys.status, queryFn: getSubscriptionStatus });
