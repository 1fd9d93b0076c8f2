import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import type { RouteBodyInput } from '@torcedor/shared/route';
import { apiCall } from '@/lib/api-client';
import { startSession } from './start-session';

export type LogInInput = RouteBodyInput<typeof routes.login>;

export const logIn = (body: LogInInput) => apiCall(routes.login, { body });

/** Signs in; the answer is the member, which becomes the current user. */
export function useLogIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logIn,
    onSuccess: (user) => startSession(queryClient, user),
  });
}
