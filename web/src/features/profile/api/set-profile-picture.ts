import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@torcedor/shared/routes';
import { apiCall } from '@/lib/api-client';
import { uploadImage } from '@/lib/api/upload-image';
import { currentUserQuery } from '@/lib/current-user';
import { profileKeys } from './profile-keys';

/** Registers an uploaded image (its objectPath) as the signed-in member's profile picture. */
export const setProfilePicture = (objectPath: string) => apiCall(routes.setProfilePicture, { body: { imageUrl: objectPath } });

/**
 * Uploads a picture (progress 0..1 through `onProgress`) and makes it the profile picture; then the member's
 * record and every profile read (their posts show the picture too) are read again.
 */
export function useUploadProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) => {
      const { objectPath } = await uploadImage(file, onProgress);
      return setProfilePicture(objectPath);
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
      ]),
  });
}
