import type { RouteHandler } from '@torcedor/service-kit/http';
import { logger } from '@torcedor/service-kit/logger';
import { deleteUpload, presignUpload, registerUpload } from '@torcedor/service-kit/uploads';
import type { Routes } from '@torcedor/shared/routes';
import { uploadUrl } from '@torcedor/shared/schemas/social';
import { reserveUpload } from './limits.ts';
import { currentRecord, saveUser } from './user.ts';

/**
 * A presigned POST for one image under the member's own incoming path (the bytes are checked when it is registered),
 * within the member's hourly budget of upload links (docs/architecture.md, "Uploads").
 */
export const createUpload: RouteHandler<Routes['createUpload']> = async ({ session, body }) => {
  await currentRecord(session);
  await reserveUpload(session.userId, Math.floor(Date.now() / 1000));
  return presignUpload(session.userId, body.contentType);
};

/** The object path of a picture the site serves at `/<path>`; anything else is no upload of ours. */
const objectPathOf = (url: string | null | undefined) => (url?.startsWith('/') ? url.slice(1) : null);

/**
 * Makes an uploaded image the profile picture once it is verified (the member's own, at most 5 MB, an image by its
 * bytes) and registered as a copy no upload link can change; the new profile is published with UserProfileChanged in
 * the same write, and the previous picture is deleted (docs/architecture.md, "Uploads").
 */
export const setProfilePicture: RouteHandler<Routes['setProfilePicture']> = async ({ session, body }) => {
  const before = await currentRecord(session);
  const { objectPath } = await registerUpload(session.userId, body.imageUrl);
  const profileImageUrl = uploadUrl(objectPath);
  try {
    await saveUser(session.userId, { profileImageUrl }, true);
  } catch (err) {
    // The copy would belong to nothing: it goes, and the member's error stands.
    await deleteUpload(session.userId, objectPath).catch((e: unknown) => logger.warn('unused profile picture not deleted', { error: e as Error }));
    throw err;
  }
  const previous = objectPathOf(before.profileImageUrl);
  // Only the member's own uploads are deleted (deleteUpload leaves anything else alone). One left behind by a failure
  // here goes with the account (deleteMemberUploads).
  if (previous && previous !== objectPath) {
    await deleteUpload(session.userId, previous).catch((err: unknown) => logger.warn('previous profile picture not deleted', { error: err as Error }));
  }
  return { objectPath, profileImageUrl };
};
