import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import type { RouteBodyInput } from '@torcedor/shared/route';
import { apiCall } from '@/lib/api-client';
import { withAttribution } from '../attribution';
import { startSession } from './start-session';

export type StartTrialInput = RouteBodyInput<typeof routes.startTrial>;

export const startTrial = (body: StartTrialInput) => apiCall(routes.startTrial, { body: withAttribution(body) });

/** Starts a 7-day trial (no card, no email); the answer is the trial member. */
export function useStartTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startTrial,
    onSuccess: (user) => startSession(queryClient, user),
  });
}
