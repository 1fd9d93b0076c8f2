import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { DASHBOARD_POLL_MS } from '@torcedor/shared/constants';
import { routes } from '@torcedor/shared/routes';
import type { AutomationName } from '@torcedor/shared/schemas/marketing';
import { useEffect, useRef } from 'react';
import { apiCall } from '@/lib/api-client';
import { marketingKeys, refreshMarketing } from './marketing-keys';

/** How often the automations are read while one of them runs (docs/marketing.md, "Automations"). */
export const RUNNING_POLL_MS = 2_000;

/** GET /api/marketing/automations: each scheduled automation, whether it runs now, and its last runs. */
export const listAutomations = () => apiCall(routes.listAutomations).then((r) => r.items);

/** Read every 2 s while a run is on, else with the dashboard. */
export const automationsQuery = queryOptions({
  queryKey: marketingKeys.automations,
  queryFn: listAutomations,
  refetchInterval: (query) => (query.state.data?.some((a) => a.running) ? RUNNING_POLL_MS : DASHBOARD_POLL_MS),
});

/**
 * The automations; when a run seen running has finished, what it changed (scores, drafts, rankings, so the
 * dashboard, the leads and the drafts) is read again.
 */
export function useAutomations() {
  const queryClient = useQueryClient();
  const query = useQuery(automationsQuery);
  const running = useRef<ReadonlySet<AutomationName>>(new Set());
  const { data } = query;
  useEffect(() => {
    if (!data) return;
    const now = new Set(data.filter((a) => a.running).map((a) => a.name));
    const finished = [...running.current].some((name) => !now.has(name));
    running.current = now;
    if (finished) void refreshMarketing(queryClient);
  }, [data, queryClient]);
  return query;
}
