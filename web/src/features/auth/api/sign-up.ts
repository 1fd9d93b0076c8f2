import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import type { RouteBodyInput } from '@torcedor/shared/route';
import { apiCall } from '@/lib/api-client';
import { withAttribution } from '../attribution';
import { startSession } from './start-session';

export type SignUpInput = RouteBodyInput<typeof routes.signup>;

export const signUp = (body: SignUpInput) => apiCall(routes.signup, { body: withAttribution(body) });

/** Creates the account, which signs the member in at once: the answer's member becomes the current user. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: ({ user }) => startSession(queryClient, user),
  });
}
