import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportRow } from '@torcedor/shared/schemas/humidor';
import { routes } from '@torcedor/shared/routes';
import { apiCall, errorDetail } from '@/lib/api-client';
import { importInChunks } from './import-chunks';
import { invalidateCollection } from '@/lib/api/invalidate-collection';

export const previewImport = (csv: string) => apiCall(routes.previewHumidorImport, { body: { csv } });
/** One all-or-nothing import call; the api client gives each chunk its own Idempotency-Key. */
const importChunk = (rows: ImportRow[]) => apiCall(routes.importHumidor, { body: { rows } });

/** Shows what of a CSV file matched the catalog (nothing is stored). */
export const usePreviewImport = () => useMutation({ mutationFn: previewImport });

/**
 * Imports the preview's importable rows in calls of at most 90, one after another, stopping at the first
 * refused call (each call is all or nothing, within the free cap). Resolves to what landed, even in part,
 * and refreshes the collection whatever happened.
 */
export function useImportRows() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rows, from, onProgress }: { rows: ImportRow[]; from?: number; onProgress?: (imported: number) => void }) =>
      importInChunks(rows, importChunk, { from, onProgress, reason: (err) => errorDetail(err) ?? t`Something went wrong. Please try again.` }),
    onSettled: () => invalidateCollection(queryClient),
  });
}
