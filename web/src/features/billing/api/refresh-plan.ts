import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { collectionKeys } from '@/lib/collection-keys';
import { currentUserQuery } from '@/lib/current-user';
import { subscriptionKeys } from './get-subscription-status';

/**
 * Every read whose answer depends on the member's plan, by key prefix (other features' keys are named here, not
 * imported): the status, the member (`isSubscribed`), the humidor's cap, the AI allowance and the learn library
 * (whose premium lessons open or lock).
 */
export const PLAN_DEPENDENT_KEYS: readonly QueryKey[] = [
  subscriptionKeys.all,
  currentUserQuery.queryKey,
  collectionKeys.summary,
  ['ai'],
  ['learn'],
];

/**
 * After the plan changed (paid, canceled, or found already changed): the reads on screen refetch now, and those
 * not on screen are dropped, so the page that shows them next reads them afresh (the client never refetches a
 * cached read by itself, see query-client.ts).
 */
export function refreshPlan(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(PLAN_DEPENDENT_KEYS.map((queryKey) => {
    queryClient.removeQueries({ queryKey, type: 'inactive' });
    return queryClient.invalidateQueries({ queryKey });
  }));
}
