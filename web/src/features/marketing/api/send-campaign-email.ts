import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { ApiError, apiCall } from '@/lib/api-client';
import { updateCachedCampaign } from './campaign-cache';
import { marketingKeys } from './marketing-keys';

/** POST /api/marketing/campaigns/{id}/email/send: sends the email once to every contactable member (409 EMAIL_ALREADY_SENT). */
export const sendCampaignEmail = (id: string) => apiCall(routes.sendCampaignEmail, { params: { id } });

/**
 * Starts the send. The cached campaign shows it sending at once, to the recipients the server counted, so the
 * campaign is read every 5 s until its last page went out. A send already made (409) is read again.
 */
export function useSendCampaignEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendCampaignEmail,
    onSuccess: ({ recipients }, id) => {
      const now = new Date().toISOString();
      updateCachedCampaign(queryClient, id, (c) => (c.email
        ? { ...c, email: { ...c.email, status: 'sending', recipients, sendStartedAt: c.email.sendStartedAt ?? now } }
        : c));
    },
    onError: (err, id) => {
      if (err instanceof ApiError && err.status === 409) void queryClient.invalidateQueries({ queryKey: marketingKeys.campaign(id), exact: true });
    },
  });
}
