import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBodyInput } from '@torcedor/shared/route';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { reportsQuery } from './list-reports';

export type ResolveAction = RouteBodyInput<typeof routes.resolveReport>['action'];

export const resolveReport = ({ id, action }: { id: string; action: ResolveAction }) =>
  apiCall(routes.resolveReport, { params: { id }, body: { action } });

/** Hides the reported content or dismisses the report; the queue shows the report's new status at once. */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveReport,
    onSuccess: (report) => {
      queryClient.setQueryData(reportsQuery.queryKey, (old) => old?.map((r) => (r.id === report.id ? report : r)));
      void queryClient.invalidateQueries({ queryKey: reportsQuery.queryKey });
    },
  });
}
