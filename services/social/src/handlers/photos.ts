import { logger } from '@torcedor/service-kit/logger';
import { deleteUpload, registerUpload } from '@torcedor/service-kit/uploads';

/**
 * A review's photos registered (docs/architecture.md, "Uploads"): each checked and copied like a post's picture, all
 * at once. One refused (INVALID_UPLOAD) refuses them all: the copies already made are deleted, so nothing is kept.
 * Answers the copies' object paths in the order given.
 */
export async function registerPhotos(userId: string, incoming: readonly string[]): Promise<string[]> {
  const out = await Promise.allSettled(incoming.map((path) => registerUpload(userId, path)));
  const refused = out.find((r) => r.status === 'rejected');
  const paths = out.flatMap((r) => (r.status === 'fulfilled' ? [r.value.objectPath] : []));
  if (refused) {
    await dropPhotos(userId, paths);
    throw refused.reason;
  }
  return paths;
}

/** Deletes registered photos that were not kept (a refused or repeated write); a failure is logged, never thrown. */
export async function dropPhotos(userId: string, paths: readonly string[]): Promise<void> {
  await Promise.all(paths.map((p) => deleteUpload(userId, p)
    .catch((e: unknown) => logger.warn('unused photo not deleted', { error: e as Error }))));
}
