import { useMutation } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';

const PARTS = [
  routes.exportIdentity, routes.exportSocial, routes.exportHumidor, routes.exportEvents,
  routes.exportAi, routes.exportBilling, routes.exportMarketing,
] as const;

/** Every service's part of the member's data, joined into one document. */
async function exportData() {
  const parts = await Promise.all(PARTS.map((r) => apiCall(r)));
  return { exportedAt: new Date().toISOString(), format: 'torcedor-export/1', parts };
}

function download(name: string, data: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads the export at once as torcedor-export-YYYY-MM-DD.json. */
export const useExportData = () =>
  useMutation({
    mutationFn: exportData,
    onSuccess: (doc) => download(`torcedor-export-${doc.exportedAt.slice(0, 10)}.json`, doc),
  });
