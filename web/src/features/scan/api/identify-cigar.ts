import { useMutation } from '@tanstack/react-query';
import type { RouteBodyInput } from '@torcedor/shared/route';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';

export const identifyCigar = (body: RouteBodyInput<typeof routes.identifyCigar>) => apiCall(routes.identifyCigar, { body });

/**
 * The catalog cigars that fit the text read off a band, best first (docs/band-scan.md). A read: nothing to invalidate.
 * Sent even when the browser says it is offline (never held until it is back): with no answer, the device matches the
 * band itself (docs/band-scan.md, "Offline").
 */
export function useIdentifyCigar() {
  return useMutation({ mutationFn: identifyCigar, networkMode: 'always' });
}
