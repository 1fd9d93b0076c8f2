import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBodyInput } from '@torcedor/shared/route';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { invalidateCollection } from './invalidate-collection';

export const previewImport = (csv: string) => apiCall(routes.previewHumidorImport, { body: { csv } });
const importRows = (body: RouteBodyInput<typeof routes.importHumidor>) => apiCall(routes.importHumidor, { body });

/** Shows what of a CSV file matched the catalog (nothing is stored). */
export const usePreviewImport = () => useMutation({ mutationFn: previewImport });

/** Imports the matched rows in one go (all or nothing, within the free cap). */
export function useImportRows() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: importRows, onSuccess: () => invalidateCollection(queryClient) });
}
