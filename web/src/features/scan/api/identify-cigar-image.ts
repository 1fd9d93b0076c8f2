import { useMutation } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { uploadImage } from '@/lib/api/upload-image';

export const identifyCigarImage = (objectPath: string) => apiCall(routes.identifyCigarImage, { body: { objectPath } });

/**
 * The server's second opinion (docs/band-scan.md): the band photo goes up through the uploads flow (a presigned POST,
 * progress 0..1 through `onProgress`), then the server's vision model reads it and the reading is matched against
 * the catalog. Only on the member's request: otherwise the photo never leaves the device.
 */
export function useIdentifyCigarImage() {
  return useMutation({
    mutationFn: async ({ photo, onProgress }: { photo: File; onProgress?: (fraction: number) => void }) => {
      const { objectPath } = await uploadImage(photo, onProgress);
      return identifyCigarImage(objectPath);
    },
  });
}
