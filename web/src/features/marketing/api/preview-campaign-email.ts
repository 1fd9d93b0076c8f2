import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { marketingKeys } from './marketing-keys';

/** GET /api/marketing/campaigns/{id}/email/preview: the saved email as a member receives it (subject, text and HTML). */
export const previewCampaignEmail = (id: string) => apiCall(routes.previewCampaignEmail, { params: { id } });

export const campaignEmailPreviewQuery = (id: string) => queryOptions({
  queryKey: marketingKeys.emailPreview(id),
  queryFn: () => previewCampaignEmail(id),
});

/** Read while the email's preview is open; saving the email reads it again. */
export const useCampaignEmailPreview = (id: string, enabled: boolean) => useQuery({ ...campaignEmailPreviewQuery(id), enabled });
