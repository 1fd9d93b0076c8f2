import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { refreshMarketing } from './marketing-keys';
import { putDraft } from './update-draft';

/** POST /api/marketing/drafts/{id}/publish: a post in the owner's name, or an active campaign. */
export const publishDraft = (id: string) => apiCall(routes.publishDraft, { params: { id } });

export function usePublishDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishDraft,
    onSuccess: (draft) => {
      putDraft(queryClient, draft);
      // A campaign draft became a campaign: the cards and the counts change.
      return refreshMarketing(queryClient);
    },
  });
}
