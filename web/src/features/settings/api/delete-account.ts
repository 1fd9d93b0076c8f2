import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { DELETE_CONFIRMATION } from '@torcedor/shared/schemas/identity';
import { apiCall } from '@/lib/api-client';

export const deleteAccount = () => apiCall(routes.deleteAccount, { body: { confirmation: DELETE_CONFIRMATION } });

/** Deletes the account and all its data; the session ends with it. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAccount, onSuccess: () => queryClient.clear() });
}
