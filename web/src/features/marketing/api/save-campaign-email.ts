import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBodyInput } from '@torcedor/shared/route';
import { routes } from '@torcedor/shared/routes';
import { ApiError, apiCall } from '@/lib/api-client';
import { putCachedCampaign } from './campaign-cache';
import { marketingKeys } from './marketing-keys';

export type CampaignEmailInput = RouteBodyInput<typeof routes.saveCampaignEmail>;

/** PUT /api/marketing/campaigns/{id}/email: writes or changes the email; 409 EMAIL_ALREADY_SENT once it is sending or sent. */
export const saveCampaignEmail = ({ id, body }: { id: string; body: CampaignEmailInput }) =>
  apiCall(routes.saveCampaignEmail, { params: { id }, body });

/**
 * Saves the email; the cached campaign takes the server's answer, and the preview is read again when it next
 * shows. An email that went out meanwhile (409) is read again, so the section turns read-only.
 */
export function useSaveCampaignEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCampaignEmail,
    onSuccess: (campaign) => {
      putCachedCampaign(queryClient, campaign);
      return queryClient.invalidateQueries({ queryKey: marketingKeys.emailPreview(campaign.id) });
    },
    onError: (err, { id }) => {
      if (err instanceof ApiError && err.status === 409) void queryClient.invalidateQueries({ queryKey: marketingKeys.campaign(id) });
    },
  });
}
