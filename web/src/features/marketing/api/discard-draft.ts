import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { putDraft } from './update-draft';

/** POST /api/marketing/drafts/{id}/discard: sets a draft aside. */
export const discardDraft = (id: string) => apiCall(routes.discardDraft, { params: { id } });

export function useDiscardDraft() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: discardDraft, onSuccess: (draft) => putDraft(queryClient, draft) });
}
