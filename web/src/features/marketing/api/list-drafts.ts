import { queryOptions, useQuery } from '@tanstack/react-query';
import { DASHBOARD_POLL_MS } from '@torcedor/shared/constants';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { marketingKeys } from './marketing-keys';

/** GET /api/marketing/drafts: the content drafts daily_content_generation wrote, newest first. */
export const listDrafts = () => apiCall(routes.listDrafts).then((r) => r.items);

export const draftsQuery = queryOptions({ queryKey: marketingKeys.drafts, queryFn: listDrafts, refetchInterval: DASHBOARD_POLL_MS });

export const useDrafts = () => useQuery(draftsQuery);
