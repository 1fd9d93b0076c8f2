import { hashKey, type QueryClient } from '@tanstack/react-query';
import type { User } from '@torcedor/shared/schemas/identity';
import { currentUserQuery } from '@/lib/current-user';

/**
 * A member has just signed in (logged in, signed up or started a trial): everything read before (the previous
 * visitor's data) is dropped and `user` becomes the current user. The current-user query itself is kept
 * and updated in place, so what already shows it (the header) follows at once.
 */
export function startSession(queryClient: QueryClient, user: User) {
  const current = hashKey(currentUserQuery.queryKey);
  queryClient.removeQueries({ predicate: (q) => q.queryHash !== current });
  queryClient.setQueryData(currentUserQuery.queryKey, user);
}
