import { useMutation } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';

/** POST /api/marketing/campaigns/{id}/email/test: the saved email to the owner's own verified address (409 NO_VERIFIED_ADDRESS). */
export const testCampaignEmail = (id: string) => apiCall(routes.testCampaignEmail, { params: { id } });

/** Nothing cached changes: the test is not counted in the campaign's numbers. */
export const useTestCampaignEmail = () => useMutation({ mutationFn: testCampaignEmail });
