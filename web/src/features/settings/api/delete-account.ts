import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import type { DeleteAccountBody } from '@torcedor/shared/schemas/identity';
import type * as z from 'zod';
import { apiCall } from '@/lib/api-client';

/** The typed confirmation, and the member's password (trial members have none to give). */
export const deleteAccount = (body: z.output<typeof DeleteAccountBody>) => apiCall(routes.deleteAccount, { body });

/** Deletes the account and all its data; the session ends with it. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAccount, onSuccess: () => queryClient.clear() });
}
