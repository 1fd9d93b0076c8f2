import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBodyInput } from '@torcedor/shared/route';
import { routes } from '@torcedor/shared/routes';
import type { ContentDraft } from '@torcedor/shared/schemas/marketing';
import { apiCall } from '@/lib/api-client';
import { draftsQuery } from './list-drafts';

/** PUT /api/marketing/drafts/{id}: the owner's edit of a draft's title and text (409 DRAFT_CLOSED once it is not a draft). */
export const updateDraft = ({ id, body }: { id: string; body: RouteBodyInput<typeof routes.updateDraft> }) =>
  apiCall(routes.updateDraft, { params: { id }, body });

/** Puts a draft the server answered in place in the drafts list. */
export const putDraft = (queryClient: ReturnType<typeof useQueryClient>, draft: ContentDraft) =>
  queryClient.setQueryData(draftsQuery.queryKey, (old) => old?.map((d) => (d.id === draft.id ? draft : d)));

export function useUpdateDraft() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateDraft, onSuccess: (draft) => putDraft(queryClient, draft) });
}
