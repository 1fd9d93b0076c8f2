import type { RouteHandler } from '@torcedor/service-kit/http';
import { presignUpload, verifyUpload } from '@torcedor/service-kit/uploads';
import type { Routes } from '@torcedor/shared/routes';
import { uploadUrl } from '@torcedor/shared/schemas/social';
import { updateUser } from '../data/users.ts';
import { currentRecord } from './user.ts';

/** A presigned PUT for one image under the member's own upload path (the bytes are checked when it is used). */
export const createUpload: RouteHandler<Routes['createUpload']> = async ({ session, body }) => {
  await currentRecord(session);
  return presignUpload(session.userId, body.contentType);
};

/**
 * Makes an uploaded image the profile picture once it is verified (the member's own, at most 5 MB, an image by
 * its bytes); the new profile is published with UserProfileChanged in the same write.
 */
export const setProfilePicture: RouteHandler<Routes['setProfilePicture']> = async ({ session, body }) => {
  await currentRecord(session);
  const objectPath = body.imageUrl;
  await verifyUpload(session.userId, objectPath);
  const profileImageUrl = uploadUrl(objectPath);
  await updateUser(session.userId, { profileImageUrl }, true);
  return { objectPath, profileImageUrl };
};
