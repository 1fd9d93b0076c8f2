import { write } from '@torcedor/service-kit/entity';
import { readJob, runJob, startJob } from '@torcedor/service-kit/jobs';
import { CATALOG_COPY_GRACE_SECONDS } from '@torcedor/shared/constants';
import { announcePage, CATALOG_ANNOUNCE_JOB, type AnnounceParams } from './catalog-announce.ts';
import { catalogVersions, reannouncements } from './entities.ts';

/**
 * The catalog announced again (../../README.md, CatalogPublished): when a copy of the catalog lacks chunks of a
 * version (SocialCatalogCopyBehind, AiCatalogCopyBehind) or the heartbeat finds the current version never published,
 * a new run of the announcement job for the current version, at most one per CATALOG_COPY_GRACE_SECONDS however many
 * ask at once: none while a run of it goes on or started within the grace, and of the requests after it only the one
 * that writes the conditional marker (`CATALOG / REANNOUNCE`, `until` passed or absent) starts one.
 */

/** How long the invocation that starts a run runs its pages; humidor's minute schedule continues the rest. */
export const REANNOUNCE_BUDGET_MS = 20_000;
/** How long the marker outlives its window before the table's TTL removes it. */
const MARKER_KEPT_SECONDS = 24 * 3600;

export type Reannounced = 'started' | 'no-catalog' | 'newer' | 'running' | 'recent';

/** Writes the marker of a run started at `nowSeconds` unless one is within its window: whether this call won it. */
function claim(catalogVersion: number, nowSeconds: number): Promise<boolean> {
  const until = nowSeconds + CATALOG_COPY_GRACE_SECONDS;
  return write(reannouncements.put(undefined, { catalogVersion, until, ttl: until + MARKER_KEPT_SECONDS }, {
    ConditionExpression: 'attribute_not_exists(PK) OR #until <= :now', ExpressionAttributeNames: { '#until': 'until' }, ExpressionAttributeValues: { ':now': nowSeconds },
  }));
}

/**
 * AP: a copy asks for `requested` again (the heartbeat asks for the current version): GetItem `CATALOG / VERSION` and
 * the job's item (consistent); a version newer than humidor's is nothing, an older one means the current one. Unless
 * a run of it goes on or started within the grace, Put `CATALOG / REANNOUNCE` conditioned on its window having passed,
 * and the winner starts the job's run (the kit's `startJob`) and runs its pages for REANNOUNCE_BUDGET_MS.
 */
export async function reannounceCatalog(requested: number, now = Date.now()): Promise<Reannounced> {
  const current = Number((await catalogVersions.get(undefined))?.version ?? 0);
  if (!current) return 'no-catalog';
  if (requested > current) return 'newer';
  const key = String(current);
  const job = await readJob<AnnounceParams>(CATALOG_ANNOUNCE_JOB, key);
  if (job?.status === 'running') return 'running';
  if (job && now - Date.parse(job.startedAt) < CATALOG_COPY_GRACE_SECONDS * 1000) return 'recent';
  if (!(await claim(current, Math.floor(now / 1000)))) return 'recent';
  await startJob<AnnounceParams>(CATALOG_ANNOUNCE_JOB, { catalogVersion: current }, key, new Date(now));
  await runJob(CATALOG_ANNOUNCE_JOB, announcePage(), { key, deadline: Date.now() + REANNOUNCE_BUDGET_MS });
  return 'started';
}
