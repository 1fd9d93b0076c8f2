import { useMutation } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import type { RouteBodyInput } from '@torcedor/shared/route';
import { apiCall } from '@/lib/api-client';
import { withAttribution } from '../attribution';

export type SignUpInput = RouteBodyInput<typeof routes.signup>;

export const signUp = (body: SignUpInput) => apiCall(routes.signup, { body: withAttribution(body) });

export const useSignUp = () => useMutation({ mutationFn: signUp });
