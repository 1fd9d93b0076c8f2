import { logger } from '@torcedor/service-kit/logger';
import type { EventDetail } from '@torcedor/shared/events';
import { publishCatalog } from '../store/catalog-published.ts';
import { reannounceCatalog } from '../store/catalog-reannounce.ts';

/**
 * The copies of the catalog that social and ai keep (../../README.md, CatalogPublished): the hourly heartbeat tells
 * them the current version and its counts, and a copy that lacks chunks of it asks for the version again.
 */

/**
 * The `catalog-heartbeat` schedule: CatalogPublished for the current version. A current version never published
 * (its announcement lost, or run before the counts were kept) is announced again, which ends with CatalogPublished.
 */
export async function catalogHeartbeat(): Promise<void> {
  const { outcome, version } = await publishCatalog();
  if (outcome !== 'unpublished') return;
  const again = await reannounceCatalog(version);
  logger.info('catalog heartbeat: the current version is not published yet', { catalogVersion: version, reannounced: again });
}

/** social's SocialCatalogCopyBehind and ai's AiCatalogCopyBehind: the version is announced again, once per grace. */
export async function catalogCopyBehind({ catalogVersion }: EventDetail<'SocialCatalogCopyBehind' | 'AiCatalogCopyBehind'>): Promise<void> {
  const outcome = await reannounceCatalog(catalogVersion);
  logger.info('a catalog copy is behind', { catalogVersion, outcome });
}
