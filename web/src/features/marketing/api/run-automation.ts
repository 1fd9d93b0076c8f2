import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import type { AutomationName, AutomationRun } from '@torcedor/shared/schemas/marketing';
import { apiCall } from '@/lib/api-client';
import { automationsQuery } from './list-automations';
import { refreshMarketing } from './marketing-keys';

/** POST /api/marketing/automation/run: starts a run now (202); 409 AUTOMATION_RUNNING while one is on. */
export const runAutomation = (name: AutomationName) => apiCall(routes.runAutomation, { body: { name } });

/**
 * Starts an automation. The card shows it running at once (so the list is read every 2 s until it has finished);
 * a run the server already finished refreshes what it changed straight away.
 */
export function useRunAutomation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runAutomation,
    onSuccess: (run: AutomationRun) => {
      const running = run.outcome === 'running';
      queryClient.setQueryData(automationsQuery.queryKey, (old) => old?.map((a) => (a.name === run.name
        ? { ...a, running, lastRun: run, history: [run, ...a.history.filter((h) => h.id !== run.id)] }
        : a)));
      if (!running) return refreshMarketing(queryClient);
      return queryClient.invalidateQueries({ queryKey: automationsQuery.queryKey });
    },
  });
}
