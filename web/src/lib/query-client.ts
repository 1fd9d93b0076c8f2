import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { handleUnauthorized, isUnauthorizedError } from './unauthorized';

/**
 * Spec section 7: no automatic refetch, none on focus, no retries, data never stale. A 401 on any call
 * applies the logged-out rule of section 8 (the current-user read answers null instead, see auth).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.allowUnauthorized) return;
        if (isUnauthorizedError(error)) handleUnauthorized('read');
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isUnauthorizedError(error)) handleUnauthorized('mutation');
      },
    }),
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchOnMount: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { allowUnauthorized?: boolean };
  }
}
