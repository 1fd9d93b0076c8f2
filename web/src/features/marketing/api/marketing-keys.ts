import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the owner's marketing area (docs/marketing.md): every read sits under `all`. */
export const marketingKeys = {
  all: ['marketing'] as const,
  dashboard: ['marketing', 'dashboard'] as const,
  analytics: ['marketing', 'analytics'] as const,
  campaigns: ['marketing', 'campaigns'] as const,
  campaign: (id: string) => ['marketing', 'campaigns', id] as const,
  /** Under the campaign's key: what reads the campaign again reads its preview again too. */
  emailPreview: (id: string) => ['marketing', 'campaigns', id, 'email-preview'] as const,
  automations: ['marketing', 'automations'] as const,
  drafts: ['marketing', 'drafts'] as const,
};

/**
 * After something changed the club's marketing numbers (a campaign, a finished automation run, a published draft):
 * what shows now is read again, and what is not shown is dropped, so it is read afresh when it next shows (the
 * app never refetches on mount: docs/product.md, "Calls").
 */
export function refreshMarketing(queryClient: QueryClient) {
  queryClient.removeQueries({ queryKey: marketingKeys.all, type: 'inactive' });
  return queryClient.invalidateQueries({ queryKey: marketingKeys.all });
}
